import { EXTREME_PASTE_BYTES, MB } from '../../../common/constants.js';
import { isVipMember } from '../../../common/policies.js';
import type { PasteView } from '../../../common/schemas/paste.js';
import { iso } from '../../clock.js';
import { splitTags } from '../../db/dialect.js';
import { isEncrypted } from './encrypted-content.js';
import type { PasteWithAuthor } from './live-paste.repository.js';
import type { PasteRow } from './pastes.repository.js';

const presented = new WeakMap<PasteWithAuthor, PasteView>();

/**
 * Everything a viewer may see of a paste except its content (spec §3 Paste), as a new object the
 * caller may complete. A row the hot-row cache keeps (`kept`) is presented once, not at every read;
 * any other row is presented straight into the view (remembering it would only make garbage).
 */
export function presentPasteMeta(row: PasteWithAuthor, viewCount: number, kept = true): PasteView {
  if (!kept) return presentRow(row, viewCount);
  let meta = presented.get(row);
  if (!meta) {
    meta = presentRow(row, row.view_count);
    presented.set(row, meta);
  }
  // The same literal as presentRow's, field for field: each view has the same shape, so
  // completing it adds no property and writing it stays on V8's fast paths.
  return {
    id: meta.id,
    title: meta.title,
    language: meta.language,
    privacy: meta.privacy,
    expiration: meta.expiration,
    expiresAt: meta.expiresAt,
    burnAfterReading: meta.burnAfterReading,
    viewCount,
    createdAt: meta.createdAt,
    revision: meta.revision,
    editedAt: meta.editedAt,
    username: meta.username,
    userRole: meta.userRole,
    isExtreme: meta.isExtreme,
    contentSizeMB: meta.contentSizeMB,
    sizeBytes: meta.sizeBytes,
    vipBanner: meta.vipBanner,
    requiresPassword: false,
    requiresReveal: false,
    isOwner: false,
    staffAccess: false,
    accessToken: undefined,
    downloadUrl: undefined,
    forkedFrom: undefined,
    encrypted: meta.encrypted,
    sealedTitle: meta.sealedTitle,
    tags: meta.tags,
    held: meta.held,
    files: undefined,
    content: undefined,
  };
}

/**
 * A password paste seen without its password: the title stays (spec §2 shows it), anything
 * measured from the content goes, so the answer says nothing of what is behind the lock.
 */
export function withholdContentFacts(view: PasteView): void {
  // Set to undefined rather than deleted: the view keeps its shape, JSON leaves them out.
  view.isExtreme = undefined;
  view.contentSizeMB = undefined;
  view.sizeBytes = undefined;
}

function presentRow(row: PasteWithAuthor, viewCount: number): PasteView {
  const role = row.author_role ?? null;
  // VIP members, and staff who activated a VIP licence, show their banner.
  const showsBanner =
    role !== null && isVipMember({ role, vipActivated: row.author_vip_activated_at !== null });
  return {
    id: row.id,
    title: row.title,
    language: row.language,
    privacy: row.privacy,
    expiration: row.expiration,
    expiresAt: iso(row.expires_at),
    burnAfterReading: row.burn_after_reading === 1,
    viewCount,
    createdAt: iso(row.created_at)!,
    revision: row.revision_count,
    editedAt: iso(row.edited_at),
    username: row.author_username ?? 'Anonymous',
    userRole: role,
    isExtreme: row.size_bytes > EXTREME_PASTE_BYTES,
    contentSizeMB: Math.round((row.size_bytes / MB) * 100) / 100,
    sizeBytes: row.size_bytes,
    vipBanner: showsBanner
      ? { bannerUrl: row.author_banner_url, bannerLink: row.author_banner_link }
      : undefined,
    requiresPassword: false,
    requiresReveal: false,
    isOwner: false,
    staffAccess: false,
    accessToken: undefined,
    downloadUrl: undefined,
    // Set per read (see the reader's forkSource): whether the source still lives can change.
    forkedFrom: undefined,
    // Undefined (left out of the JSON) for plain pastes; the sealed title is the key check.
    encrypted: isEncrypted(row) ? true : undefined,
    sealedTitle: row.sealed_title ?? undefined,
    tags: splitTags(row.tags),
    held: row.held_reason !== null ? true : undefined,
    // Set per read with the content they slice (see paste-files.ts).
    files: undefined,
    content: undefined,
  };
}

/**
 * Most reads of a paste are the same answer but for the view count: a visitor (not the owner, not
 * staff) reading a paste that needs no password. For those, the JSON around the count is written
 * once per kept row and kept with it. The kept text goes when the row does.
 */
const plainJsonOfRow = new WeakMap<PasteWithAuthor, { beforeCount: string; afterCount: string }>();
const COUNT_KEY = '"viewCount":';

function isPlainView(view: PasteView): boolean {
  return (
    !view.isOwner &&
    !view.staffAccess &&
    !view.requiresPassword &&
    !view.requiresReveal &&
    view.accessToken === undefined &&
    view.downloadUrl === undefined &&
    // A fork names its source as it is now: never part of the text kept with the row.
    view.forkedFrom === undefined &&
    Number.isSafeInteger(view.viewCount)
  );
}

/**
 * A paste view as JSON text: the same text as JSON.stringify(view), faster. Content that is the
 * row's goes in as the database quoted it (content_json): escaping a long text is most of the cost
 * of writing a view. For a plain view of a row the hot-row cache keeps (`kept`: it will be read
 * again), the text around the count is reused; for any other row, splitting it would only make
 * garbage.
 */
export function pasteViewJson(view: PasteView, row: PasteWithAuthor, kept = true): string {
  // A multi-file view carries its files' text too: written whole, never from kept parts.
  const contentJson =
    view.content !== undefined && view.content === row.content && view.files === undefined
      ? row.content_json
      : null;
  if (contentJson === null) return JSON.stringify(view);
  if (!kept || !isPlainView(view)) return withContentJson(view, contentJson);
  let parts = plainJsonOfRow.get(row);
  if (parts === undefined) {
    const json = withContentJson(presentPasteMeta(row, -1), contentJson);
    // The first `"viewCount":` is the key: inside a JSON string every `"` is escaped.
    const at = json.indexOf(`${COUNT_KEY}-1,`) + COUNT_KEY.length;
    parts = { beforeCount: json.slice(0, at), afterCount: json.slice(at + 2) };
    plainJsonOfRow.set(row, parts);
  }
  return parts.beforeCount + view.viewCount + parts.afterCount;
}

const factsJsonOfRow = new WeakMap<PasteWithAuthor, string>();

/**
 * What a view says but its text and its count, as JSON: what the paste page's cache keys on (the
 * revision names the text; the count may lag). For a plain view of a kept row it is the same at
 * every read of that row object, so it is written once per row, as pasteViewJson's parts are.
 */
export function viewFactsJson(view: PasteView, row: PasteWithAuthor, kept: boolean): string {
  const plain = kept && isPlainView(view);
  let json = plain ? factsJsonOfRow.get(row) : undefined;
  if (json === undefined) {
    // The revision names the text, and the files with it.
    const { content: _text, viewCount: _count, files: _files, ...facts } = view;
    json = JSON.stringify(facts);
    if (plain) factsJsonOfRow.set(row, json);
  }
  return json;
}

/** JSON of `view` with `contentJson` as its content, which is every view's last field. */
function withContentJson(view: PasteView, contentJson: string): string {
  const { content } = view;
  view.content = undefined;
  const rest = JSON.stringify(view);
  view.content = content;
  return `${rest.slice(0, -1)},"content":${contentJson}}`;
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
  > & { tags?: string[] | undefined },
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
    sizeBytes: row.size_bytes,
    isProcessing: row.status === 'processing',
    userId: row.user_id,
    tags: row.tags,
  };
}
