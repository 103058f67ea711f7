import type { LimitRule } from '../../lib/rate-limiter.js';

/**
 * Passkey ceremonies started from one address: each leaves a challenge row until it is answered
 * or expires, and a sign-in by passkey alone needs no account to start one. Answers are counted
 * with the second factor's limits (second-factor.limits.ts) where the account is known.
 */
export const PASSKEY_CEREMONIES_PER_IP: LimitRule = {
  name: 'passkey-ceremony-ip',
  points: 60,
  durationSec: 15 * 60,
};
