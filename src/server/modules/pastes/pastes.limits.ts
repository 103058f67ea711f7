import type { LimitRule } from '../../lib/rate-limiter.js';

/** Password-paste unlock: per paste (rotating IPs does not help) and per client IP. */
export const UNLOCK_PER_PASTE: LimitRule = { name: 'unlock-paste', points: 20, durationSec: 15 * 60 };
export const UNLOCK_PER_IP: LimitRule = { name: 'unlock-ip', points: 60, durationSec: 15 * 60 };
export const REPORT_PER_IP: LimitRule = { name: 'report-ip', points: 20, durationSec: 60 * 60 };

/** Content is small enough to live in the row up to this size; larger goes to the blob store. */
export const INLINE_CONTENT_MAX_BYTES = 256 * 1024;
/** How long a claimed burn paste waits for its confirm-view before the sweeper deletes it. */
export const BURN_GRACE_MS = 5 * 60 * 1000;
