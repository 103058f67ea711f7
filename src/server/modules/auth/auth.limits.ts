import type { LimitRule } from '../../lib/rate-limiter.js';

/** Brute-force limits (security.md #6): per client IP and per target account. */
export const LOGIN_PER_IP: LimitRule = { name: 'login-ip', points: 30, durationSec: 15 * 60 };
export const LOGIN_PER_USERNAME: LimitRule = { name: 'login-user', points: 10, durationSec: 15 * 60 };
export const REGISTER_PER_IP: LimitRule = { name: 'register-ip', points: 10, durationSec: 60 * 60 };
export const REGISTER_PER_USERNAME: LimitRule = { name: 'register-user', points: 5, durationSec: 60 * 60 };
