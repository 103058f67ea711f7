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
  const meta: PasteView = {
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
    requiresPassword: false,
    isOwner: false,
    staffAccess: false,
  };
  // VIP members, and staff who activated a VIP licence, show their banner.
  if (role === 'vip' || row.author_vip_activated_at !== null) {
    meta.vipBanner = { bannerUrl: row.author_banner_url, bannerLink: row.author_banner_link };
  }
  return meta;
}

/**
 * Escaping the content is most of the cost of writing a paste view as JSON (a line break is an
 * escape), so the content's JSON is kept with the row it came from: a kept (hot) row is escaped
 * once, not at every read, and the JSON goes when the row does.
 */
const contentJsonOfRow = new WeakMap<PasteWithAuthor, string>();

/**
 * A paste view as JSON text, the same as JSON.stringify(view), reusing the content's JSON when the
 * content is `row`'s own. The view is left as it was (its content is set aside while the rest is
 * written).
 */
export function pasteViewJson(view: PasteView, row?: PasteWithAuthor): string {
  const { content } = view;
  if (content === undefined) return JSON.stringify(view);
  const ownContent = row !== undefined && content === row.content;
  let json = ownContent ? contentJsonOfRow.get(row) : undefined;
  if (json === undefined) {
    json = JSON.stringify(content);
    if (ownContent) contentJsonOfRow.set(row, json);
  }
  view.content = undefined;
  const head = JSON.stringify(view);
  view.content = content;
  return `${head.slice(0, -1)},"content":${json}}`;
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
