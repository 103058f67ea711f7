import type { LimitRule } from '../../lib/rate-limiter.js';

/**
 * Second-factor codes: six digits are guessable, so a hard limit per account (only someone who
 * already passed the first factor, or holds the session, can spend it) and one per address. The
 * counters live in Redis when configured, so the limit holds across instances.
 */
export const SECOND_FACTOR_PER_USER: LimitRule = {
  name: 'second-factor-user',
  points: 10,
  durationSec: 15 * 60,
};
export const SECOND_FACTOR_PER_IP: LimitRule = { name: 'second-factor-ip', points: 30, durationSec: 15 * 60 };
