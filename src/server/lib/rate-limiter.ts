import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GENERIC_MESSAGES } from '../../common/messages.js';
import { AppError } from '../errors.js';

export interface LimitRule {
  /** Distinguishes the counters of different rules sharing a store. */
  name: string;
  points: number;
  durationSec: number;
}

/**
 * Fixed-window counters keyed by rule and subject (IP, username, paste…), in memory for one process
 * or in Redis when REDIS_URL is set so every instance shares them.
 */
export function createRateLimiter(redis: Redis | null, keyPrefix = 'pasteshare') {
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

  return {
    /** Counts one attempt against every (rule, key) pair; throws 429 with Retry-After when any is spent. */
    async consume(pairs: [LimitRule, string][]): Promise<void> {
      for (const [rule, key] of pairs) {
        try {
          await limiter(rule).consume(key);
        } catch (e) {
          if (e instanceof RateLimiterRes) {
            const retry = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
            throw new AppError('RATE_LIMITED', GENERIC_MESSAGES.tooManyRequests, {
              'Retry-After': String(retry),
            });
          }
          throw e;
        }
      }
    },
    /** Forgets the counters of a key, e.g. after a successful login. */
    async reset(rule: LimitRule, key: string): Promise<void> {
      await limiter(rule).delete(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
