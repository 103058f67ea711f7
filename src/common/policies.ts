import {
  type CollectionPrivacy,
  EXTREME_PASTE_BYTES,
  type Expiration,
  type Privacy,
  type Role,
  type TeamRole,
  type TokenScope,
} from './constants.js';

/**
 * Who may do what (spec §6), in one place for the server, which enforces it, and the web app,
 * which shows only what a role can use. `null` is a visitor without an account.
 */

const STAFF_ROLES: readonly Role[] = ['manager', 'admin'];
const UNLIMITED_ROLES: readonly Role[] = ['vip', 'manager', 'admin'];

/** Managers and admins: the admin panel's delete requests and reports. */
export const canModerate = (role: Role | null): boolean => role !== null && STAFF_ROLES.includes(role);

/** Admins only: users, all pastes, licences, settings, backups. */
export const canAdminister = (role: Role | null): boolean => role === 'admin';

/** Staff read password pastes without the password ('Admin/Manager Access'). */
export const canViewProtected = canModerate;

/**
 * Whether a reader may read a paste at all (before its password or burn rules). A shared paste is
 * for its author, the people and teams it names (`isNamed`: by name or through a team), and staff,
 * who read it as they read password pastes — recorded in the audit log. Any other privacy is open
 * to whoever holds the link.
 */
export const mayReadPaste = (
  paste: { privacy: Privacy },
  reader: { isAuthor: boolean; isNamed: boolean; isStaff: boolean },
): boolean => paste.privacy !== 'shared' || reader.isAuthor || reader.isNamed || reader.isStaff;

/** A shared paste needs an account behind it: its author manages who it names. */
export const canChoosePrivacy = (role: Role | null, privacy: Privacy): boolean =>
  privacy !== 'shared' || role !== null;

/** A team's owners manage it (name, description, members), and staff manage every team. */
export const canManageTeam = (role: Role, teamRole: TeamRole | null): boolean =>
  teamRole === 'owner' || canModerate(role);

/** A team's members and staff see who is in it. */
export const canSeeTeam = (role: Role, teamRole: TeamRole | null): boolean =>
  teamRole !== null || canModerate(role);

/** Why an author may not edit their paste; see canEditPaste. */
export type EditRefusal = 'not-yours' | 'burn' | 'processing' | 'extreme';

/**
 * Only the signed-in author edits a paste (an anonymous one has no owner to prove, so it stays
 * as it was made); never a burn paste (read once, as it was), one still being assembled, or one
 * over the extreme size (served as a download). Null when the edit is allowed.
 */
export function editRefusal(paste: {
  isAuthor: boolean;
  burnAfterReading: boolean;
  processing: boolean;
  sizeBytes: number;
}): EditRefusal | null {
  if (!paste.isAuthor) return 'not-yours';
  if (paste.burnAfterReading) return 'burn';
  if (paste.processing) return 'processing';
  if (paste.sizeBytes > EXTREME_PASTE_BYTES) return 'extreme';
  return null;
}

/** Unlimited expiration: vip, manager and admin. */
export const canUseUnlimited = (role: Role | null): boolean =>
  role !== null && UNLIMITED_ROLES.includes(role);

/** 6 months needs an account; unlimited needs vip, manager or admin; the rest is for everyone. */
export function canChooseExpiration(role: Role | null, expiration: Expiration): boolean {
  if (expiration === '6m') return role !== null;
  if (expiration === 'unlimited') return canUseUnlimited(role);
  return true;
}

/** The editor's first choice: 1 day, or unlimited for those who may choose it. */
export const defaultExpiration = (role: Role | null): Expiration =>
  canUseUnlimited(role) ? 'unlimited' : '1d';

/** The paste facts the link-holder rules below read. */
interface LinkFacts {
  privacy: Privacy;
  burnAfterReading: boolean;
  status: 'ready' | 'processing' | 'failed';
  /** End-to-end encrypted: only the browser holding the key can show its text. */
  encrypted: boolean;
}

/**
 * Whether anyone holding a paste's link reads its text the moment they open it: it is public or
 * unlisted (a password paste asks first, a shared one is for the people it names), ready, neither
 * burn-after-reading (gone once read) nor end-to-end encrypted (its text is not the server's).
 * Page text, forks and link previews all start from this.
 */
export const isOpenToLinkHolders = (paste: LinkFacts): boolean =>
  !paste.encrypted &&
  (paste.privacy === 'public' || paste.privacy === 'unlisted') &&
  !paste.burnAfterReading &&
  paste.status === 'ready';

/**
 * Who may fork a paste: anyone, when it is open to link holders. A password or shared paste would
 * hand its text to whoever holds the fork's link, a burn paste is gone once read, and an encrypted
 * paste's text is not the server's to copy into a plain one.
 */
export const canForkPaste = isOpenToLinkHolders;

/**
 * Whether a fork's view names its source (id and title): only to a reader who could find the
 * source anyway — it is public — or who wrote it. An unlisted source is known only to those its
 * author gave the link; a public fork of it would otherwise hand that link to every reader, and to
 * search engines through the fork's page.
 */
export const namesForkSource = (source: { privacy: Privacy; readerIsAuthor: boolean }): boolean =>
  source.privacy === 'public' || source.readerIsAuthor;

/**
 * Whether a paste's text goes into the HTML of its page, readable before any script runs: only
 * when it is open to link holders (so a link-preview bot never reads or burns a password or burn
 * paste) and not extreme (served as a download).
 */
export const showsTextInPage = (paste: LinkFacts & { sizeBytes: number }): boolean =>
  isOpenToLinkHolders(paste) && paste.sizeBytes <= EXTREME_PASTE_BYTES;

/** Whether a link preview may describe a paste (its title): public and open to link holders. */
export const isDescribedToPreviews = (paste: LinkFacts): boolean =>
  paste.privacy === 'public' && isOpenToLinkHolders(paste);

/**
 * Whether a paste may be shown inside other sites' pages (its embed and oEmbed answers): open to
 * link holders (public or unlisted, no password, not burn, not encrypted, ready), not held for
 * review, on a site that does not ask visitors to sign in to read. An embed is read by whoever
 * visits the host page, so who asks never matters; any other paste answers as a missing one.
 */
export const mayEmbedPaste = (
  paste: LinkFacts & { held: boolean },
  site: { requireSignInToRead: boolean },
): boolean => !site.requireSignInToRead && !paste.held && isOpenToLinkHolders(paste);

/**
 * Whether a paste has a link preview card (og:image, drawn from its first lines): what may be
 * embedded, and public, as a preview's title is (isDescribedToPreviews). An unlisted link dropped
 * in a chat shows no title and no text.
 */
export const mayPreviewPaste = (
  paste: LinkFacts & { held: boolean },
  site: { requireSignInToRead: boolean },
): boolean => paste.privacy === 'public' && mayEmbedPaste(paste, site);

/**
 * A VIP member (banner management, a banner on their pastes): the vip role, or a manager or admin
 * who activated a licence.
 */
export const isVipMember = (account: { role: Role; vipActivated: boolean }): boolean =>
  account.role === 'vip' || account.vipActivated;

/**
 * The role changes the admin panel offers (spec §2 Users tab, §4), only while RBAC is on: a user
 * (or vip) can become manager or admin; a manager user or admin; another admin manager. An admin
 * never changes their own role.
 */
export function roleChangesFor(actor: { id: number }, target: { id: number; role: Role }): readonly Role[] {
  if (actor.id === target.id) return [];
  switch (target.role) {
    case 'user':
    case 'vip':
      return ['manager', 'admin'];
    case 'manager':
      return ['user', 'admin'];
    case 'admin':
      return ['manager'];
  }
}

/**
 * What a staff role lets its holder do, in the words the admin reads before granting it: the
 * rules above (canModerate, canAdminister, canViewProtected, canUseUnlimited) said plainly.
 */
export const STAFF_ROLE_POWERS: Record<'manager' | 'admin', string> = {
  manager:
    'Managers can open the admin panel’s Delete Requests and Reports, approve them (which deletes the paste) or reject them, read password-protected pastes, and create pastes that never expire.',
  admin:
    'Admins can do everything: change any user’s role, password and email, delete users and pastes, decide reports and delete requests, manage VIP licences and every setting, and export or replace the whole database.',
};

/** A personal access token may carry `admin` only for staff: a token never claims more than its holder. */
export const canGrantScope = (role: Role, scope: TokenScope): boolean =>
  scope !== 'admin' || canModerate(role);

/**
 * What an API route asks of a personal access token: one of its scopes, or `key-only` for what
 * only the account's full `pb_` key may do (team management, which no scope names).
 */
export type RouteScope = TokenScope | 'key-only';

/**
 * Whether a token with these scopes may call a route tagged `required`. A route without a tag is
 * closed to tokens, so a new route stays out of every token's reach until it is classified.
 */
export const tokenMayCall = (scopes: readonly TokenScope[], required: RouteScope | undefined): boolean =>
  required !== undefined && required !== 'key-only' && scopes.includes(required);
/**
 * Whether search may look into a paste's text, not only its title: never a password, burn or
 * end-to-end encrypted paste's (read only after a password, once, or in the browser holding the
 * key), nor one still being assembled. Only such text goes into the search index at all.
 */
export const isTextSearchable = (paste: {
  privacy: Privacy;
  burnAfterReading: boolean;
  encrypted: boolean;
  status: 'ready' | 'processing' | 'failed';
}): boolean =>
  !paste.encrypted && paste.privacy !== 'password' && !paste.burnAfterReading && paste.status === 'ready';

/**
 * Whether a reader finds a live paste in search: its author always (a paste that is not text
 * searchable by its title only); anyone else only a text-searchable paste that is not held for
 * review and is public, or shared with them (by name or through a team). An unlisted paste is
 * found by its author only: a link is not an invitation to be listed. Staff search as anyone
 * does: their reading of shared pastes is for moderation, one audited paste at a time.
 */
export const maySearchPaste = (
  paste: { privacy: Privacy; held: boolean; textSearchable: boolean },
  reader: { isAuthor: boolean; isNamed: boolean },
): boolean =>
  reader.isAuthor ||
  (!paste.held &&
    paste.textSearchable &&
    (paste.privacy === 'public' || (paste.privacy === 'shared' && reader.isNamed)));

/**
 * How a person stands to a collection: `isOwner` for the person who owns it, `teamRole` their
 * role in the team that owns it (null when not in it), `isNamed` when a shared collection names
 * them (by name or through a team).
 */
export interface CollectionReader {
  isOwner: boolean;
  teamRole: TeamRole | null;
  isNamed: boolean;
  isStaff: boolean;
}

/**
 * Whether a reader may open a collection: public and unlisted ones anyone with the link; a shared
 * one its owner, its team, the people and teams it names, and staff (who read it as they read
 * shared pastes, recorded in the audit log). What it shows of each paste is still each paste's
 * own read decision (mayReadPaste): a collection never widens a paste's privacy.
 */
export const mayReadCollection = (
  collection: { privacy: CollectionPrivacy },
  reader: CollectionReader,
): boolean =>
  collection.privacy !== 'shared' ||
  reader.isOwner ||
  reader.teamRole !== null ||
  reader.isNamed ||
  reader.isStaff;

/** Its owner, or any member of its team, changes what a collection holds, its name and order. */
export const canEditCollection = (reader: CollectionReader): boolean =>
  reader.isOwner || reader.teamRole !== null;

/** Its owner, or its team's owners, change its privacy and whom it names, or delete it. */
export const canManageCollection = (reader: CollectionReader): boolean =>
  reader.isOwner || reader.teamRole === 'owner';

/**
 * Whether an editor may put a paste in a collection: one they wrote, or a public one. Anything
 * else (an unlisted link, a shared or password paste of someone else) is its author's to hand
 * out; readers would still see it only under its own rule, but its link would be out of the
 * author's hands.
 */
export const mayCollectPaste = (paste: { privacy: Privacy }, editor: { isAuthor: boolean }): boolean =>
  editor.isAuthor || paste.privacy === 'public';
