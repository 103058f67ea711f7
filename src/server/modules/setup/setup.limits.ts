import { SMTP_DEFAULT_PORT, SMTP_SECURE_PORT } from '../../../common/constants.js';
import type { LimitRule } from '../../lib/rate-limiter.js';

/**
 * The email check connects wherever it is told; before setup anyone may call it, so it is counted
 * per IP (the admin's settings tab uses it too, hence a budget for a few retries).
 */
export const TEST_EMAIL_PER_IP: LimitRule = { name: 'test-email-ip', points: 20, durationSec: 15 * 60 };

/**
 * Before setup, SMTP only on the submission ports of spec §9 (587 STARTTLS, 465 TLS) and 25 (a
 * local relay), so an anonymous caller cannot use the check to probe other ports.
 */
export const SMTP_PORTS_BEFORE_SETUP: readonly number[] = [SMTP_DEFAULT_PORT, SMTP_SECURE_PORT, 25];
