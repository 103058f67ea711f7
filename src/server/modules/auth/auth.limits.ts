import type { LimitRule, SlowDownRule } from '../../lib/rate-limiter.js';

/**
 * Brute-force limits (security.md #6): a hard block per client IP; per target account a slow-down,
 * not a block, so an attacker's failures cannot lock the owner out (docs/decisions.md).
 */
export const LOGIN_PER_IP: LimitRule = { name: 'login-ip', points: 30, durationSec: 15 * 60 };
export const LOGIN_PER_USERNAME: SlowDownRule = {
  name: 'login-user-slow',
  durationSec: 15 * 60,
  freeAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
};
/**
 * Registration: the accounts an address creates are limited; attempts only loosely, so a
 * person who picks taken usernames a few times is not locked out.
 */
export const ACCOUNTS_CREATED_PER_IP: LimitRule = { name: 'accounts-ip', points: 10, durationSec: 60 * 60 };
export const REGISTER_ATTEMPTS_PER_IP: LimitRule = {
  name: 'register-attempts-ip',
  points: 60,
  durationSec: 60 * 60,
};
export const REGISTER_PER_USERNAME: LimitRule = { name: 'register-user', points: 5, durationSec: 60 * 60 };

/** Account recovery and account changes: per IP and per target address or account. */
export const FORGOT_PER_IP: LimitRule = { name: 'forgot-ip', points: 20, durationSec: 60 * 60 };
export const FORGOT_PER_EMAIL: LimitRule = { name: 'forgot-email', points: 5, durationSec: 60 * 60 };
export const RESET_PER_IP: LimitRule = { name: 'reset-ip', points: 30, durationSec: 15 * 60 };
export const RESEND_PER_IP: LimitRule = { name: 'resend-ip', points: 20, durationSec: 60 * 60 };
export const RESEND_PER_TARGET: LimitRule = { name: 'resend-target', points: 5, durationSec: 60 * 60 };
export const REVEAL_PER_IP: LimitRule = { name: 'reveal-ip', points: 30, durationSec: 15 * 60 };
export const CHANGE_PASSWORD_PER_USER: LimitRule = {
  name: 'change-password-user',
  points: 10,
  durationSec: 15 * 60,
};
export const CHANGE_EMAIL_PER_USER: LimitRule = {
  name: 'change-email-user',
  points: 5,
  durationSec: 60 * 60,
};
