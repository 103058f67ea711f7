import { z } from 'zod';
import {
  PASTE_EDITS_PER_ACCOUNT_PER_MIN,
  REVISION_BYTES_PER_ACCOUNT,
  SECRET_SCAN_BUDGET_MS,
} from '../../common/constants.js';
import { trustProxySchema } from './trust-proxy.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every variable the server reads, with its default; parsed once by loadConfig. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Trust X-Forwarded-* from this many hops or these proxy addresses/CIDRs; never from everyone. */
  TRUST_PROXY: trustProxySchema,
  /** Public origin(s) the site is served from, comma separated; CSRF accepts these besides the Host. */
  PUBLIC_ORIGIN: z.string().optional(),
  /** Secure cookies: 'auto' = when the request came over HTTPS. */
  SESSION_COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Exact host names VIP banner images may come from (https only), comma separated. */
  VIP_BANNER_HOSTS: z
    .string()
    .default('i.imgur.com,images.unsplash.com,raw.githubusercontent.com,user-images.githubusercontent.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_PASTE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  /** Namespace of our keys in Redis, so several sites (or test runs) can share one server. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,50}$/)
    .default('pasteshare'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  TURNSTILE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  RESEND_API_URL: z.url().default('https://api.resend.com'),
  SENDGRID_API_URL: z.url().default('https://api.sendgrid.com'),
  MAILGUN_API_URL: z.url().default('https://api.mailgun.net'),
  MAIL_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /**
   * Tests only — never in production: 'false' lets SMTP accept a self-signed certificate (the
   * browser tests' loopback sink). TLS itself stays required; refused when NODE_ENV=production.
   */
  SMTP_TLS_REJECT_UNAUTHORIZED: bool.default(true),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120000),
  /** On SIGTERM: how long /readyz fails before the listener closes (for balancers that probe it). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** On SIGTERM: how long open connections get to end before the process closes them and exits. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(15_000),
  /** How often expired pastes, unconfirmed burn pastes and old sessions are deleted. */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60000),
  /** Rebuild the web app at start when its sources are newer than the build. */
  WEB_AUTOBUILD: bool.default(true),
  /** Pastes a visitor's address may create a minute, and a signed-in account (session or API key). */
  PASTE_CREATE_PER_IP_PER_MIN: z.coerce.number().int().positive().default(30),
  PASTE_CREATE_PER_ACCOUNT_PER_MIN: z.coerce.number().int().positive().default(120),
  /** Edits an account may make a minute, and the bytes its pastes' revisions may hold. */
  PASTE_EDIT_PER_ACCOUNT_PER_MIN: z.coerce.number().int().positive().default(PASTE_EDITS_PER_ACCOUNT_PER_MIN),
  REVISION_BYTES_PER_ACCOUNT: z.coerce.number().int().positive().default(REVISION_BYTES_PER_ACCOUNT),
  /** How long the secret scan of one create or edit may run (ms; 0 = one slice). */
  SECRET_SCAN_BUDGET_MS: z.coerce.number().int().min(0).max(60_000).default(SECRET_SCAN_BUDGET_MS),
  /** S3-compatible blob store: set S3_BUCKET to use it instead of DATA_DIR/blobs. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /**
   * Seals the paste keys reporters share with staff. Unset: a random one kept in
   * DATA_DIR/moderation-key.secret. Several instances must share one: set it on each.
   */
  MODERATION_KEY_SECRET: z.string().min(32, 'at least 32 characters of random text').optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** How long an instance holds an assembly without renewing before another takes it over. */
  UPLOAD_ASSEMBLY_LEASE_MS: z.coerce.number().int().min(1000).default(30000),
  /** Bytes one account's unfinished chunked uploads may hold at once (10 GiB). */
  UPLOAD_BYTES_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 ** 3),
  UPLOAD_CHUNKS_PER_ACCOUNT_PER_MIN: z.coerce.number().int().positive().default(600),
  /** Backups on a schedule into the blob store, every this many hours (unset: none). */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .optional(),
  /** How many scheduled backups are kept (the oldest beyond go). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Audit log entries older than this are deleted. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  /** GET /metrics on its own listener at METRICS_HOST:METRICS_PORT (no token needed there). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** GET /metrics on the main port, for `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Sign-in providers (JSON arrays; checked in config-identity.ts, never echoed: they hold secrets). */
  OIDC_PROVIDERS: z.string().optional(),
  LDAP_PROVIDERS: z.string().optional(),
  /** Tests only (refused with NODE_ENV=production): GitHub's sign-in and API at a local fake. */
  GITHUB_OAUTH_URL: z.url().optional(),
  GITHUB_API_URL: z.url().optional(),
  /** Tests only (refused with NODE_ENV=production): a smaller chunk than the spec's 40 MiB. */
  TEST_UPLOAD_CHUNK_BYTES: z.coerce.number().int().min(1).optional(),
  /**
   * Tests only (refused with NODE_ENV=production): addresses (comma-separated IPs) the image proxy
   * may fetch from though they are not public, so a test can serve images from 127.0.0.1.
   */
  IMAGE_PROXY_ALLOW_ADDRESSES: z.string().optional(),
  /** Tests only: a pause after each assembly progress step, to catch an assembly mid-way. */
  TEST_ASSEMBLY_PAUSE_MS: z.coerce.number().int().min(0).optional(),
});
