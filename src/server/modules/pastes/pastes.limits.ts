import type { LimitRule, SlowDownRule } from '../../lib/rate-limiter.js';

/**
 * Password-paste unlock: a hard block per client IP; per paste a slow-down (rotating IPs does not
 * help, and the paste's recipients are never locked out).
 */
export const UNLOCK_PER_PASTE: SlowDownRule = {
  name: 'unlock-paste-slow',
  durationSec: 15 * 60,
  freeAttempts: 10,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
};
export const UNLOCK_PER_IP: LimitRule = { name: 'unlock-ip', points: 60, durationSec: 15 * 60 };
/** Paste creation: per address for visitors, per account (session or API key) when signed in. */
export function pasteCreationRules(limits: { perIpPerMin: number; perAccountPerMin: number }) {
  return {
    perIp: { name: 'create-ip', points: limits.perIpPerMin, durationSec: 60 } satisfies LimitRule,
    perAccount: {
      name: 'create-account',
      points: limits.perAccountPerMin,
      durationSec: 60,
    } satisfies LimitRule,
  };
}

export const REPORT_PER_IP: LimitRule = { name: 'report-ip', points: 20, durationSec: 60 * 60 };

/** Content is small enough to live in the row up to this size; larger goes to the blob store. */
export const INLINE_CONTENT_MAX_BYTES = 256 * 1024;
/** How long a claimed burn paste waits for its confirm-view before the sweeper deletes it. */
export const BURN_GRACE_MS = 5 * 60 * 1000;
