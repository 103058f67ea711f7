import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../../clock.js';

/** A viewer counts once per paste per window (one client could top the leaderboard). */
export const VIEWER_WINDOW_MS = 60 * 60 * 1000;
/** Viewers remembered at most in memory (~100 bytes each); past it the oldest are forgotten early. */
const MAX_REMEMBERED = 100_000;

/**
 * Who counts as one viewer of one paste: the client address and the account, if any. Plain text
 * for the in-memory lookup (a hash would cost the hot read ~7 µs); hashed before it goes to Redis.
 */
export function viewerKey(pasteId: string, ip: string, userId: number | null): string {
  return `${pasteId} ${ip} ${userId ?? '-'}`;
}

/**
 * The viewers seen within the window: a Map in this process (a lookup on the hot read path, no
 * await), and, when Redis is configured, a key per viewer there (SET NX PX) so several instances
 * count a viewer once between them.
 */
export function createRecentViewers(opts: {
  clock: Clock;
  redis?: Redis | null;
  keyPrefix?: string;
  windowMs?: number;
  maxRemembered?: number;
}) {
  const { clock, redis = null, keyPrefix = 'pasteshare', windowMs = VIEWER_WINDOW_MS } = opts;
  const maxRemembered = opts.maxRemembered ?? MAX_REMEMBERED;
  const seenUntil = new Map<string, number>();

  return {
    /** True when this process has not seen the viewer within the window; remembers it from now. */
    firstSeenHere(key: string): boolean {
      const now = clock.now();
      const until = seenUntil.get(key);
      if (until !== undefined && until > now) return false;
      seenUntil.delete(key);
      // Every entry lives as long, so insertion order is expiry order: the expired (and, when
      // full, the oldest) are at the front.
      for (const [k, u] of seenUntil) {
        if (u > now && seenUntil.size < maxRemembered) break;
        seenUntil.delete(k);
      }
      seenUntil.set(key, now + windowMs);
      return true;
    },

    /** How many viewers are kept in memory now (tests and diagnostics). */
    remembered: () => seenUntil.size,

    /** Whether another instance counted the viewer is known only through Redis. */
    shared: redis !== null,

    /** True when no instance has counted this viewer within the window (always true without Redis). */
    async firstSeenAnywhere(key: string): Promise<boolean> {
      if (!redis) return true;
      // Hashed so Redis keeps no client addresses, and every key has the same small size.
      const hashed = createHash('sha256').update(key).digest('base64url').slice(0, 22);
      return (await redis.set(`${keyPrefix}:viewer:${hashed}`, '1', 'PX', windowMs, 'NX')) === 'OK';
    },
  };
}

export type RecentViewers = ReturnType<typeof createRecentViewers>;
