import { EXTREME_PASTE_BYTES } from '../../../../common/constants.js';
import { SAFETY_MESSAGES } from '../../../../common/messages.js';
import { canForkPaste, canViewProtected, mayReadPaste } from '../../../../common/policies.js';
import { PASTE_MESSAGES } from '../../../../common/schemas/paste.js';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/kysely.js';
import { hasExpired } from '../../../db/paste-expiry.js';
import { AppError, forbidden, notFound } from '../../../errors.js';
import type { BlobStore } from '../../../infra/blob-store/index.js';
import type { Metrics } from '../../../infra/metrics/metrics.js';
import { verifyPassword } from '../../../lib/passwords.js';
import type { RateLimiter } from '../../../lib/rate-limiter.js';
import { hashToken } from '../../../lib/tokens.js';
import type { StaffReads } from '../../audit/staff-reads.service.js';
import type { LineIndexes } from '../../line-index/line-index-store.js';
import type { SettingsService } from '../../settings/settings.service.js';
import type { ShareGrants } from '../../teams/share-grants.js';
import type { UserRow } from '../../users/users.service.js';
import { claimBurn, findBurnedFor } from '../burned-pastes.repository.js';
import { isEncrypted } from '../encrypted-content.js';
import { findLivePaste, type PasteWithAuthor } from '../live-paste.repository.js';
import { UNLOCK_PER_IP, UNLOCK_PER_PASTE } from '../pastes.limits.js';
import { shownRow } from '../shown-row.js';
import type { HotPasteCache } from './hot-paste-cache.js';
import { createAccessGrant, isValidAccessGrant } from './paste-access.js';
import type { ViewCounter } from './view-counter.js';

/** Ids we hand out are 12 characters; older or imported ones may be longer, never other characters. */
export const PASTE_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** Who a fork's source is looked up as: a visitor, reading nothing (see findForkSource). */
const FORK_LOOKUP: Viewer = { user: null, ip: '', countable: false, burn: 'refuse' };

export interface Viewer {
  user: UserRow | null;
  /** X-Creator-Token of an anonymous creator's browser. */
  creatorToken?: string;
  ip: string;
  /** The request's id, for the audit log's record of a staff read. */
  requestId?: string;
  /** False for bots, prefetches and HEAD requests: they read but are not counted. */
  countable: boolean;
  /**
   * What this request does to a burn paste it would destroy: `claim` it and get the content (a
   * person reading); `hold` it, answered without content and claiming nothing (HEAD, and the web
   * page until its visitor presses Show paste); or be `refuse`d (link-preview bots, prefetches).
   */
  burn: 'claim' | 'hold' | 'refuse';
}

/** What a reader presents besides their session: a paste password, or a grant from verify. */
export interface ReadCredentials {
  password?: string;
  grant?: string;
}

/**
 * What a reader gets: `processing` (still being assembled), `locked` (a password is needed),
 * `held` (a burn paste answered without its content, claiming nothing) or `open`.
 */
export type ReadDecision =
  | { outcome: 'processing'; row: PasteWithAuthor; isOwner: boolean }
  | { outcome: 'locked'; row: PasteWithAuthor; isOwner: boolean }
  | {
      outcome: 'open' | 'held';
      row: PasteWithAuthor;
      isOwner: boolean;
      /** Staff reading a password or shared paste they could not open otherwise. */
      staffAccess: boolean;
      /** For password pastes: a grant for the raw/download links. */
      accessToken: string | undefined;
      /** This reader claimed a burn paste: deliver, then confirm. */
      claimedBurn: boolean;
    };

export interface PasteReaderDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  settings: SettingsService;
  rateLimiter: RateLimiter;
  views: ViewCounter;
  hot: HotPasteCache;
  lineIndexes: LineIndexes;
  metrics: Pick<Metrics, 'pasteReads' | 'burns' | 'hotCache'>;
  /** Staff reads of password pastes, for the audit log. */
  staffReads: Pick<StaffReads, 'record'>;
  /** Who a shared paste names. */
  grants: Pick<ShareGrants, 'namesReader'>;
}

/** Whether the viewer wrote the paste (account or creator token), and whether they are staff. */
export function relationOf(row: PasteWithAuthor, viewer: Viewer) {
  const isOwner =
    (viewer.user !== null && row.user_id === viewer.user.id) ||
    (row.creator_token_hash !== null &&
      !!viewer.creatorToken &&
      hashToken(viewer.creatorToken) === row.creator_token_hash);
  const isStaff = canViewProtected(viewer.user?.role ?? null);
  return { isOwner, isStaff };
}

/** A paste found by findVisible, with who is asking in relation to it. */
export type VisiblePaste = { row: PasteWithAuthor; isOwner: boolean; isStaff: boolean };

/** How a read ended, as the paste-reads metric counts it (a fixed set: no id ever becomes a label). */
type ReadOutcome = 'shown' | 'processing' | 'locked' | 'not_found' | 'expired' | 'burned';

/**
 * Reading a paste: who may see it and what they get — one decision (authorizeRead) for the JSON
 * view, verify, the v1 read, raw and download — and the JSON view rendered from it.
 */
export function createPasteReader({
  db,
  clock,
  settings,
  rateLimiter,
  hot,
  metrics,
  staffReads,
  grants,
}: PasteReaderDeps) {
  /** The not-found answers given for a paste seen past its expiry (the metric says expired). */
  const expiredAnswers = new WeakSet<AppError>();

  /** The live paste a viewer may know exists (a burned one is gone for all but its creator). */
  async function findVisible(id: string, viewer: Viewer) {
    if (!PASTE_ID_PATTERN.test(id)) throw notFound(PASTE_MESSAGES.notFound);
    const now = clock.now();
    let row = hot.get(id, now);
    metrics.hotCache.inc({ result: row ? 'hit' : 'miss' });
    if (!row) {
      const found = findLivePaste(db, id, now);
      row = found instanceof Promise ? await found : found;
      if (row) hot.offer(row, now);
    } else if (hasExpired(row, now)) {
      // A kept row never outlives its paste's expiry; answered as not found, counted as expired.
      const gone = notFound(PASTE_MESSAGES.notFound);
      expiredAnswers.add(gone);
      throw gone;
    }
    if (!row) throw await goneOrNotFound(id, viewer);
    const rel = relationOf(row, viewer);
    const shown = shownRow(row, { toCreator: rel.isOwner });
    if (!shown) throw notFound(PASTE_MESSAGES.notFound);
    // Held for review (modules/safety): its author and staff read it, anyone else learns only that.
    if (shown.held_reason !== null && !rel.isOwner && !rel.isStaff) {
      throw new AppError('UNDER_REVIEW', SAFETY_MESSAGES.underReview);
    }
    // An infected upload is never readable; its author and staff learn why.
    if (shown.held_reason === 'malware')
      throw new AppError('MALWARE_BLOCKED', SAFETY_MESSAGES.malwareBlocked);
    return { row: shown, ...rel };
  }

  /**
   * The paste `id` if anyone may read and fork it now (live, visible, canForkPaste), else null.
   * A forkable paste needs no password and is never burned, so who asks does not matter: it is
   * looked up as a visitor would, counting nothing.
   */
  async function findForkSource(id: string): Promise<PasteWithAuthor | null> {
    let row: PasteWithAuthor;
    try {
      ({ row } = await findVisible(id, FORK_LOOKUP));
    } catch (e) {
      if (e instanceof AppError) return null;
      throw e;
    }
    const forkable = canForkPaste({
      privacy: row.privacy,
      burnAfterReading: row.burn_after_reading === 1,
      status: row.status,
      encrypted: isEncrypted(row),
    });
    return forkable ? row : null;
  }

  /**
   * A missing paste is "not found" — except to the creator of a burn paste that was read, who
   * learns when (410 BURNED). Looked up only for a viewer with an account or a creator token.
   */
  async function goneOrNotFound(id: string, viewer: Viewer): Promise<AppError> {
    const who = {
      userId: viewer.user?.id ?? null,
      tokenHash: viewer.creatorToken ? hashToken(viewer.creatorToken) : null,
    };
    if (who.userId === null && who.tokenHash === null) return notFound(PASTE_MESSAGES.notFound);
    const burnedAt = await findBurnedFor(db.kysely, id, who);
    if (burnedAt === undefined) return notFound(PASTE_MESSAGES.notFound);
    return new AppError('BURNED', PASTE_MESSAGES.burned, {}, { burnedAt: new Date(burnedAt).toISOString() });
  }

  async function checkPassword(row: PasteWithAuthor, password: string, ip: string): Promise<void> {
    await rateLimiter.consume([[UNLOCK_PER_IP, ip]]);
    await rateLimiter.slowDown(UNLOCK_PER_PASTE, row.id);
    if (!row.password_hash || !(await verifyPassword(row.password_hash, password))) {
      throw forbidden(PASTE_MESSAGES.invalidPassword);
    }
  }

  /**
   * The one read decision for a paste, whatever answers it (JSON view, verify, raw, download, v1):
   * visibility, processing, password (by the password itself or a grant from an earlier verify),
   * and burn. A burn paste is claimed here, atomically, by the first reader who may claim it (see
   * Viewer.burn) and whose answer carries the content: the JSON view of an extreme paste carries
   * only a download link, so its download claims it instead.
   */
  async function authorizeRead(
    id: string,
    viewer: Viewer,
    credentials: ReadCredentials,
    answer: 'json' | 'bytes',
    found?: VisiblePaste,
  ): Promise<ReadDecision> {
    let decision: ReadDecision;
    try {
      decision = await decideRead(id, viewer, credentials, answer, found);
    } catch (e) {
      const outcome = readOutcomeOf(e);
      if (outcome) metrics.pasteReads.inc({ outcome });
      throw e;
    }
    const outcome: ReadOutcome =
      decision.outcome === 'open' ? 'shown' : decision.outcome === 'held' ? 'locked' : decision.outcome;
    metrics.pasteReads.inc({ outcome });
    // Only staff opening a password paste without its password reach the audit log's write.
    if (decision.outcome === 'open' && decision.staffAccess && viewer.user) {
      const { id: staffId, username } = viewer.user;
      await staffReads.record({
        pasteId: id,
        staff: { id: staffId, username },
        requestId: viewer.requestId ?? '',
        ip: viewer.ip,
      });
    }
    if (decision.outcome === 'open' && decision.claimedBurn) metrics.burns.inc();
    return decision;
  }

  async function decideRead(
    id: string,
    viewer: Viewer,
    credentials: ReadCredentials,
    answer: 'json' | 'bytes',
    // The paste as findVisible gave it to this caller a moment ago: not looked up twice.
    found?: VisiblePaste,
  ): Promise<ReadDecision> {
    const { row, isOwner, isStaff } = found ?? (await findVisible(id, viewer));
    // Whom a shared paste names is asked only of a reader it could name.
    const isNamed =
      row.privacy === 'shared' &&
      !isOwner &&
      viewer.user !== null &&
      (await grants.namesReader(id, viewer.user.id));
    // To anyone it does not name, a shared paste is not there at all: nothing to unlock or ask for.
    if (!mayReadPaste(row, { isAuthor: isOwner, isNamed, isStaff })) throw notFound(PASTE_MESSAGES.notFound);
    if (row.status === 'processing') return { outcome: 'processing', row, isOwner };
    const isProtected = row.privacy === 'password';
    const staffOnlyShared = row.privacy === 'shared' && !isOwner && !isNamed;
    if (isProtected && !isOwner && !isStaff) {
      const granted = isValidAccessGrant(await settings.secret(), id, credentials.grant, clock.now());
      if (!granted) {
        if (credentials.password === undefined) return { outcome: 'locked', row, isOwner };
        await checkPassword(row, credentials.password, viewer.ip);
      }
    }
    const open = {
      outcome: 'open' as const,
      row,
      isOwner,
      staffAccess: (isProtected || staffOnlyShared) && isStaff && !isOwner,
      accessToken: isProtected ? createAccessGrant(await settings.secret(), id, clock.now()) : undefined,
      claimedBurn: false,
    };
    const carriesContent = answer === 'bytes' || row.size_bytes <= EXTREME_PASTE_BYTES;
    if (row.burn_after_reading !== 1 || isOwner || !carriesContent) return open;
    if (viewer.burn === 'refuse') throw forbidden(PASTE_MESSAGES.burnNeedsPerson);
    if (viewer.burn === 'hold') return { ...open, outcome: 'held' };
    if (!(await claimBurn(db.kysely, id, clock.now()))) throw notFound(PASTE_MESSAGES.notFound);
    return { ...open, claimedBurn: true };
  }

  /** The metric's outcome of a refused read, or null for what is no read outcome (e.g. a 429). */
  function readOutcomeOf(e: unknown): ReadOutcome | null {
    if (!(e instanceof AppError)) return null;
    if (expiredAnswers.has(e)) return 'expired';
    if (e.message === PASTE_MESSAGES.notFound) return 'not_found';
    if (e.code === 'BURNED') return 'burned';
    if (e.message === PASTE_MESSAGES.invalidPassword || e.message === PASTE_MESSAGES.burnNeedsPerson)
      return 'locked';
    return null;
  }

  return { findVisible, findForkSource, authorizeRead };
}
