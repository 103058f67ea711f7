import type { Kysely } from 'kysely';
import { BANS_MAX } from '../../../common/constants.js';
import { canModerate } from '../../../common/policies.js';
import { BAN_MESSAGES, type BanInput } from '../../../common/schemas/bans.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import type { ChangeBus } from '../../infra/change-bus/change-bus.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { UsersService } from '../users/users.service.js';
import {
  keysToTry,
  parseBanRange,
  rangeHolds,
  rangeKey,
  rangeText,
  requestAddress,
  storedRange,
} from './address-range.js';
import {
  type BanRow,
  bansVersion,
  countActiveBans,
  deleteBan,
  insertBan,
  listActiveBans,
  listEndedBans,
} from './bans.repository.js';

const BANS_TOPIC = 'bans';
/** Without a change message (one lost, or none on a single SQLite instance) bans are re-read this often. */
const VERSION_CHECK_MS = 2000;
const HOUR_MS = 60 * 60 * 1000;
/** Ended bans the background task deletes in one run. */
const SWEEP_BATCH = 500;

interface Suspension {
  reason: string;
  expiresAt: number | null;
}

/** Every active ban, as each instance holds it: a lookup per request costs no query. */
interface BanIndex {
  version: string;
  checkedAt: number;
  suspended: Map<number, Suspension>;
  /** Range key (see address-range) → when the ban ends (null: never); the latest of duplicates. */
  ranges: Map<string, number | null>;
  prefixes: { ipv4: Set<number>; ipv6: Set<number> };
}

const inForce = (expiresAt: number | null, now: number) => expiresAt === null || expiresAt > now;

function buildIndex(rows: BanRow[], version: string, now: number): BanIndex {
  const index: BanIndex = {
    version,
    checkedAt: now,
    suspended: new Map(),
    ranges: new Map(),
    prefixes: { ipv4: new Set(), ipv6: new Set() },
  };
  for (const r of rows) {
    if (r.kind === 'account' && r.user_id !== null) {
      index.suspended.set(r.user_id, { reason: r.reason, expiresAt: r.expires_at });
    } else if (r.kind === 'address' && r.ip !== null) {
      // A row no range could come from (edited by hand, or a backup's) bans nothing, rather than
      // failing every write of the site.
      const range = storedRange(r.ip);
      if (!range) continue;
      const key = rangeKey(range);
      const earlier = index.ranges.get(key);
      const ends = earlier === null || r.expires_at === null ? null : Math.max(earlier ?? 0, r.expires_at);
      index.ranges.set(key, ends);
      index.prefixes[range.kind].add(range.bits);
    }
  }
  return index;
}

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  users: Pick<UsersService, 'findByUsername'>;
  sessions: Pick<SessionsService, 'endAllForUser'>;
  pastes: Pick<PastesService, 'byAuthor'>;
  /** Tells the other instances when bans change (none: one instance). */
  changes?: ChangeBus;
}

export type BansService = ReturnType<typeof createBansService>;

/**
 * Suspended accounts and banned addresses: kept in the database, held by every instance as an
 * index read again when the bans change (the change bus says so at once; a version check every
 * 2 s covers a lost message), so the checks on every write and sign-in cost no query.
 */
export function createBansService({ db, clock, users, sessions, pastes, changes }: Deps) {
  let index: BanIndex | null = null;
  let loading: Promise<BanIndex> | null = null;
  changes?.subscribe(BANS_TOPIC, () => {
    index = null;
  });
  const announce = async () => {
    index = null;
    await changes?.publish(BANS_TOPIC);
  };

  async function load(now: number): Promise<BanIndex> {
    const version = await bansVersion(db);
    if (index?.version === version) {
      index.checkedAt = now;
      return index;
    }
    index = buildIndex(await listActiveBans(db, now), version, now);
    return index;
  }

  /** The index, re-read at most once at a time however many requests wait for it. */
  function current(): BanIndex | Promise<BanIndex> {
    const now = clock.now();
    if (index && now - index.checkedAt < VERSION_CHECK_MS) return index;
    loading ??= load(now).finally(() => {
      loading = null;
    });
    return loading;
  }

  async function addressBanned(ip: string): Promise<boolean> {
    const idx = await current();
    if (idx.ranges.size === 0) return false;
    const address = requestAddress(ip);
    if (!address) return false;
    const now = clock.now();
    for (const key of keysToTry(address, idx.prefixes[address.kind])) {
      const ends = idx.ranges.get(key);
      if (ends !== undefined && inForce(ends, now)) return true;
    }
    return false;
  }

  async function suspensionOf(userId: number): Promise<Suspension | null> {
    const s = (await current()).suspended.get(userId);
    return s && inForce(s.expiresAt, clock.now()) ? s : null;
  }

  /** Ends a suspension's hold on its account's pastes. */
  async function released(row: BanRow): Promise<void> {
    if (row.kind === 'account' && row.user_id !== null && row.hide_pastes === 1) {
      await pastes.byAuthor.releaseSuspended(row.user_id);
    }
  }

  return {
    addressBanned,
    suspensionOf,

    /** 403 for a request from a banned address. */
    async checkAddress(ip: string): Promise<void> {
      if (await addressBanned(ip)) throw new AppError('BANNED', BAN_MESSAGES.addressBanned);
    },

    /** 403 with the reason for a suspended account (a sign-in, an API key). */
    async checkAccount(userId: number): Promise<void> {
      const s = await suspensionOf(userId);
      if (!s) return;
      const until = s.expiresAt === null ? null : new Date(s.expiresAt).toISOString();
      throw new AppError('ACCOUNT_SUSPENDED', BAN_MESSAGES.accountSuspended(s.reason, until));
    },

    list: () => listActiveBans(db, clock.now()),

    /**
     * A new ban. An account's sessions end at once (its API key is refused from now on); its pastes
     * wait for review when asked. An address range may not hold the banning staff member's own.
     */
    async add(input: BanInput, actor: { username: string; ip: string }): Promise<BanRow> {
      const now = clock.now();
      if ((await countActiveBans(db, now)) >= BANS_MAX) throw conflict(BAN_MESSAGES.tooManyBans);
      const active = await listActiveBans(db, now);
      const expiresAt = input.hours === null ? null : now + input.hours * HOUR_MS;
      const base = {
        reason: input.reason,
        created_by: actor.username,
        created_at: now,
        expires_at: expiresAt,
      };
      let id: number;
      if (input.kind === 'account') {
        const user = await users.findByUsername(input.username);
        if (!user) throw notFound(BAN_MESSAGES.accountNotFound);
        if (canModerate(user.role)) throw badRequest(BAN_MESSAGES.staffNotSuspended);
        if (active.some((b) => b.user_id === user.id)) throw conflict(BAN_MESSAGES.alreadySuspended);
        id = await insertBan(db, {
          ...base,
          kind: 'account',
          user_id: user.id,
          ip: null,
          hide_pastes: input.hidePastes ? 1 : 0,
        });
        await sessions.endAllForUser(user.id);
        if (input.hidePastes) await pastes.byAuthor.holdForSuspension(user.id);
      } else {
        const range = parseBanRange(input.address);
        if (rangeHolds(range, actor.ip)) throw badRequest(BAN_MESSAGES.ownAddress);
        const ip = rangeText(range);
        if (active.some((b) => b.ip === ip)) throw conflict(BAN_MESSAGES.alreadyBanned);
        id = await insertBan(db, { ...base, kind: 'address', user_id: null, ip, hide_pastes: 0 });
      }
      await announce();
      const [row] = await listActiveBans(db, now, [id]);
      return row!;
    },

    /** Lifts a ban; a suspended account's pastes are readable again. */
    async lift(rawId: string): Promise<BanRow> {
      const id = /^[1-9][0-9]{0,9}$/.test(rawId) ? Number(rawId) : null;
      const gone = id === null ? undefined : await deleteBan(db, id);
      if (!gone) throw notFound(BAN_MESSAGES.banNotFound);
      await released(gone);
      await announce();
      return gone;
    },

    /** Background: deletes bans that ended, releasing their pastes. Returns how many. */
    async sweep(): Promise<number> {
      const ended = await listEndedBans(db, clock.now(), SWEEP_BATCH);
      for (const row of ended) {
        if (await deleteBan(db, row.id)) await released(row);
      }
      if (ended.length > 0) await announce();
      return ended.length;
    },
  };
}
