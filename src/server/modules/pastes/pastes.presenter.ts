import { EXTREME_PASTE_BYTES, MB, type Role } from '../../../common/constants.js';
import type { PasteView } from '../../../common/schemas/paste.js';
import { iso } from '../../clock.js';
import type { PasteRow, PasteWithAuthor } from './pastes.repository.js';

const presented = new WeakMap<PasteWithAuthor, PasteView>();

/**
 * Everything a viewer may see of a paste except its content (spec §3 Paste), as a new object the
 * caller may complete. A row kept for a hot paste is presented once, not at every read.
 */
export function presentPasteMeta(row: PasteWithAuthor, viewCount: number): PasteView {
  let meta = presented.get(row);
  if (!meta) {
    meta = presentRow(row);
    presented.set(row, meta);
  }
  return { ...meta, viewCount };
}

function presentRow(row: PasteWithAuthor): PasteView {
  const role = (row.author_role as Role | null) ?? null;
  return {
    id: row.id,
    title: row.title,
    privacy: row.privacy as PasteView['privacy'],
    expiration: row.expiration,
    expiresAt: iso(row.expires_at),
    burnAfterReading: row.burn_after_reading === 1,
    viewCount: row.view_count,
    createdAt: iso(row.created_at)!,
    username: row.author_username ?? 'Anonymous',
    userRole: role,
    isExtreme: row.size_bytes > EXTREME_PASTE_BYTES,
    contentSizeMB: Math.round((row.size_bytes / MB) * 100) / 100,
    sizeBytes: row.size_bytes,
    // VIP members, and staff who activated a VIP licence, show their banner.
    ...(role === 'vip' || row.author_vip_activated_at !== null
      ? { vipBanner: { bannerUrl: row.author_banner_url, bannerLink: row.author_banner_link } }
      : {}),
    requiresPassword: false,
    isOwner: false,
    staffAccess: false,
  };
}

/** A safe download name from the title: letters, digits, dot, dash, underscore, space. */
export function downloadFilename(title: string | null, id: string): string {
  const base = (title ?? '')
    .normalize('NFKD')
    .replace(/[^\w .-]+/g, '')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 60);
  return `${base || `paste-${id}`}.txt`;
}

/** A paste in a list (owner's or admin's): no content, no secrets. */
export function presentPasteListItem(
  row: Pick<
    PasteRow,
    | 'id'
    | 'title'
    | 'privacy'
    | 'expiration'
    | 'expires_at'
    | 'burn_after_reading'
    | 'view_count'
    | 'created_at'
    | 'size_bytes'
    | 'status'
    | 'user_id'
  >,
) {
  return {
    id: row.id,
    title: row.title,
    privacy: row.privacy,
    expiration: row.expiration,
    expiresAt: iso(row.expires_at),
    burnAfterReading: row.burn_after_reading === 1,
    viewCount: Number(row.view_count),
    createdAt: iso(row.created_at)!,
    contentSizeMB: Math.round((row.size_bytes / MB) * 100) / 100,
    isProcessing: row.status === 'processing',
    userId: row.user_id,
  };
}
