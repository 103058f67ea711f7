import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GENERIC_MESSAGES } from '../../common/messages.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';

export interface LimitRule {
  /** Distinguishes the counters of different rules sharing a store. */
  name: string;
  points: number;
  durationSec: number;
}

/**
 * A per-target slow-down instead of a lock-out: the first `freeAttempts` in the window
 * go through at once, each later one waits `baseDelayMs`, doubling up to `maxDelayMs`. A lock-out
 * would let anyone deny the target's owner; a bounded wait only costs the owner a few seconds.
 */
export interface SlowDownRule {
  name: string;
  durationSec: number;
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The wait before the attempt numbered `attempt` (1-based) within the window. */
export function slowDownDelayMs(rule: SlowDownRule, attempt: number): number {
  const over = attempt - rule.freeAttempts;
  if (over <= 0) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(over - 1, 30));
}

/**
 * Fixed-window counters keyed by rule and subject (IP, username, paste…), in memory for one process
 * or in Redis when REDIS_URL is set so every instance shares them.
 */
export function createRateLimiter(
  redis: Redis | null,
  clock: Clock,
  keyPrefix = 'pasteshare',
  /** Told the rule's name each time it refuses (the rate-limit metric). */
  onRefused: (limiter: string) => void = () => {},
) {
  const limiters = new Map<string, RateLimiterMemory | RateLimiterRedis>();

  function limiter(rule: LimitRule) {
    let l = limiters.get(rule.name);
    if (!l) {
      const opts = {
        keyPrefix: `${keyPrefix}:rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSec,
      };
      l = redis
        ? new RateLimiterRedis({ ...opts, storeClient: redis, useRedisPackage: false })
        : new RateLimiterMemory(opts);
      limiters.set(rule.name, l);
    }
    return l;
  }

  /** A counter with no hard limit: a slow-down never refuses. */
  const slowDownLimiter = (rule: LimitRule | SlowDownRule) =>
    limiter({ name: rule.name, points: Number.MAX_SAFE_INTEGER, durationSec: rule.durationSec });

  return {
    /**
     * Counts one attempt against every (rule, key) pair; throws 429 with Retry-After (and `message`)
     * when any is spent.
     */
    async consume(
      pairs: [LimitRule, string][],
      message: string = GENERIC_MESSAGES.tooManyRequests,
    ): Promise<void> {
      for (const [rule, key] of pairs) {
        try {
          await limiter(rule).consume(key);
        } catch (e) {
          if (e instanceof RateLimiterRes) {
            onRefused(rule.name);
            const retry = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
            throw new AppError('RATE_LIMITED', message, {
              'Retry-After': String(retry),
            });
          }
          throw e;
        }
      }
    },
    /** Gives back one counted point, e.g. for a registration that did not create an account. */
    async refund(rule: LimitRule, key: string): Promise<void> {
      await limiter(rule).reward(key, 1);
    },
    /** Forgets the counters of a key, e.g. after a successful login. */
    async reset(rule: LimitRule | SlowDownRule, key: string): Promise<void> {
      await ('points' in rule ? limiter(rule) : slowDownLimiter(rule)).delete(key);
    },
    /**
     * Counts an attempt on a target and waits as the rule says before the caller checks it. The
     * attempt is counted before the wait, so attempts in flight together wait longer each. Only
     * this request waits (no lock); the counters expire with their window.
     */
    async slowDown(rule: SlowDownRule, key: string): Promise<void> {
      const res = await slowDownLimiter(rule).consume(key);
      const delay = slowDownDelayMs(rule, res.consumedPoints);
      if (delay > 0) await clock.sleep(delay);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
