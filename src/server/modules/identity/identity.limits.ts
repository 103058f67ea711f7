import type { LimitRule, SlowDownRule } from '../../lib/rate-limiter.js';

/** Redirect sign-ins started from one address (each keeps a row until its callback or expiry). */
export const REDIRECT_STARTS_PER_IP: LimitRule = { name: 'sso-start-ip', points: 60, durationSec: 15 * 60 };

/**
 * Directory sign-ins, as local logins: a hard limit per address, a slow-down per directory
 * username (never a block: failures here must not lock the person out of their directory).
 */
export const DIRECTORY_PER_IP: LimitRule = { name: 'directory-ip', points: 30, durationSec: 15 * 60 };
export const DIRECTORY_PER_USERNAME: SlowDownRule = {
  name: 'directory-user-slow',
  durationSec: 15 * 60,
  freeAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
};
