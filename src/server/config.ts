import { isIP } from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import {
  CHUNK_SIZE_BYTES,
  PASTE_EDITS_PER_ACCOUNT_PER_MIN,
  REVISION_BYTES_PER_ACCOUNT,
  SECRET_SCAN_BUDGET_MS,
} from '../common/constants.js';
import type { IdentityProviderSetting } from '../common/schemas/identity.js';
import { type ClamavConfig, parseClamavEnv } from './config-clamav.js';
import { parseIdentityEnv } from './config-identity.js';
import type { S3Options } from './infra/blob-store/s3.js';

/**
 * The only reader of process.env. Every variable is parsed once; a bad value stops the start
 * with one line per bad variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * The widest proxy ranges taken: 10.0.0.0/8 and the IPv6 unique-local fc00::/7 are real private
 * networks; anything wider covers so much of the address space that clients in it could choose
 * their own IP (0.0.0.0/1 + 128.0.0.0/1 is everyone).
 */
const MIN_PREFIX = { ipv4: 8, ipv6: 7 };

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A valid range that covers too much: IPv4 (also as IPv4-mapped IPv6) under /8, IPv6 under /7. */
function isTooWide(entry: string): boolean {
  if (!entry.includes('/')) return false;
  const [address, bits] = ipaddr.parseCIDR(entry);
  if (address.kind() === 'ipv4') return bits < MIN_PREFIX.ipv4;
  const mapped = (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96;
  return mapped ? bits - 96 < MIN_PREFIX.ipv4 : bits < MIN_PREFIX.ipv6;
}

/**
 * `true` would trust every hop, so the client's own left-most X-Forwarded-For entry would become
 * its IP and every per-IP limit could be dodged; only a hop count or proxy addresses are accepted.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): number | string | undefined => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return undefined;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((s) => s.trim());
    const tooWide = entries.filter(
      (e) => isProxyAddress(e) && !PROXY_RANGE_NAMES.includes(e) && isTooWide(e),
    );
    if (tooWide.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${tooWide.join(', ')} covers too much of the address space (at least /${MIN_PREFIX.ipv4} for IPv4, /${MIN_PREFIX.ipv6} for IPv6): clients in it could choose their own IP; give your proxies' addresses`,
      });
      return z.NEVER;
    }
    if (entries.every(isProxyAddress)) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message:
        "must be a hop count (e.g. 1 for one proxy in front) or your proxies' addresses/CIDRs (e.g. 127.0.0.1); true would let any client choose its IP",
    });
    return z.NEVER;
  });

const envSchema = z.object({
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
  /** Tests only: a pause after each assembly progress step, to catch an assembly mid-way. */
  TEST_ASSEMBLY_PAUSE_MS: z.coerce.number().int().min(0).optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A hop count or a comma-separated list of proxy addresses/CIDRs (never `true`: see trustProxySchema). */
  trustProxy: number | string | undefined;
  publicOrigins: string[];
  vipBannerHosts: string[];
  session: { secure: 'auto' | boolean; ttlMs: number };
  logLevel: string;
  maxPasteBytes: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  turnstile: { verifyUrl: string; timeoutMs: number };
  mail: { resendUrl: string; sendgridUrl: string; mailgunUrl: string; timeoutMs: number };
  /** False only in tests: SMTP trusts self-signed certificates (SMTP_TLS_REJECT_UNAUTHORIZED). */
  smtpTlsRejectUnauthorized: boolean;
  requestTimeoutMs: number;
  /** SIGTERM: readiness off for `delayMs`, then open connections get `drainMs` to end. */
  shutdown: { delayMs: number; drainMs: number };
  sweepIntervalMs: number;
  webAutobuild: boolean;
  /** Paste creation limits per minute. */
  pasteCreateLimits: { perIpPerMin: number; perAccountPerMin: number };
  /** Edits: per account a minute, and the bytes of its pastes' stored revisions. */
  pasteEditLimits: { perAccountPerMin: number; revisionBytesPerAccount: number };
  secretScanBudgetMs: number;
  /** Absent: blobs on local disk under dataDir. */
  s3: S3Options | undefined;
  /** MODERATION_KEY_SECRET; absent: a file in dataDir (see lib/moderation-secret). */
  moderationKeySecret: string | undefined;
  /**
   * Where GET /metrics is served: its own listener (`port`), or the main port behind a bearer
   * `token`; with neither it does not exist.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  auditRetentionDays: number;
  /** intervalMs 0: no scheduled backups. */
  scheduledBackups: { intervalMs: number; keep: number };
  /** Sign-in providers from the environment, and where GitHub is (overridable in tests only). */
  identity: { providers: IdentityProviderSetting[]; githubOAuthUrl: string; githubApiUrl: string };
  uploads: {
    chunkSize: number;
    leaseMs: number;
    assemblyPauseMs: number;
    quotaBytes: number;
    writeStaleMs: number;
    chunksPerMin: number;
  };
  /** Malware scanning of uploads by clamd; absent: off. */
  clamav: ClamavConfig | undefined;
}

/** GET /metrics exists (on its own port or behind a token): only then is anything timed for it. */
export const metricsServed = (config: Pick<Config, 'metrics'>) =>
  config.metrics.port !== undefined || config.metrics.token !== undefined;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
      ),
    );
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const testOnly = (
      ['TEST_UPLOAD_CHUNK_BYTES', 'TEST_ASSEMBLY_PAUSE_MS', 'GITHUB_OAUTH_URL', 'GITHUB_API_URL'] as const
    ).filter((k) => e[k] !== undefined);
    if (testOnly.length > 0) {
      throw new ConfigError(testOnly.map((k) => `${k}: tests only, never with NODE_ENV=production`));
    }
  }
  const identity = parseIdentityEnv(e);
  if (identity.problems.length > 0) throw new ConfigError(identity.problems);
  const clamav = parseClamavEnv(env);
  if (clamav.problems.length > 0) throw new ConfigError(clamav.problems);
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither']);
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_TLS_REJECT_UNAUTHORIZED) {
    throw new ConfigError([
      'SMTP_TLS_REJECT_UNAUTHORIZED: may be false only in tests, never with NODE_ENV=production',
    ]);
  }
  // A hop count cannot tell the proxy from a client that connects directly, so it is safe only
  // when nothing but a local proxy can reach the server.
  if (typeof e.TRUST_PROXY === 'number' && !LOOPBACK_HOSTS.includes(e.HOST)) {
    throw new ConfigError([
      `TRUST_PROXY: a hop count needs HOST=127.0.0.1 (the server reachable only through the proxy); otherwise give the proxy's addresses, e.g. TRUST_PROXY=10.0.0.2 (got ${JSON.stringify(env.TRUST_PROXY)} with HOST=${e.HOST})`,
    ]);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    publicOrigins: (e.PUBLIC_ORIGIN ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
    vipBannerHosts: e.VIP_BANNER_HOSTS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    session: {
      secure: e.SESSION_COOKIE_SECURE === 'auto' ? 'auto' : e.SESSION_COOKIE_SECURE === 'true',
      ttlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    },
    logLevel: e.LOG_LEVEL,
    maxPasteBytes: e.MAX_PASTE_BYTES,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    turnstile: { verifyUrl: e.TURNSTILE_VERIFY_URL, timeoutMs: e.TURNSTILE_TIMEOUT_MS },
    mail: {
      resendUrl: e.RESEND_API_URL.replace(/\/$/, ''),
      sendgridUrl: e.SENDGRID_API_URL.replace(/\/$/, ''),
      mailgunUrl: e.MAILGUN_API_URL.replace(/\/$/, ''),
      timeoutMs: e.MAIL_TIMEOUT_MS,
    },
    smtpTlsRejectUnauthorized: e.SMTP_TLS_REJECT_UNAUTHORIZED,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, drainMs: e.SHUTDOWN_DRAIN_MS },
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    webAutobuild: e.WEB_AUTOBUILD,
    pasteCreateLimits: {
      perIpPerMin: e.PASTE_CREATE_PER_IP_PER_MIN,
      perAccountPerMin: e.PASTE_CREATE_PER_ACCOUNT_PER_MIN,
    },
    pasteEditLimits: {
      perAccountPerMin: e.PASTE_EDIT_PER_ACCOUNT_PER_MIN,
      revisionBytesPerAccount: e.REVISION_BYTES_PER_ACCOUNT,
    },
    secretScanBudgetMs: e.SECRET_SCAN_BUDGET_MS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    moderationKeySecret: e.MODERATION_KEY_SECRET,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    scheduledBackups: { intervalMs: (e.BACKUP_INTERVAL_HOURS ?? 0) * 60 * 60 * 1000, keep: e.BACKUP_KEEP },
    identity: {
      providers: identity.providers,
      githubOAuthUrl: (e.GITHUB_OAUTH_URL ?? 'https://github.com').replace(/\/$/, ''),
      githubApiUrl: (e.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/$/, ''),
    },
    uploads: {
      chunkSize: e.TEST_UPLOAD_CHUNK_BYTES ?? CHUNK_SIZE_BYTES,
      leaseMs: e.UPLOAD_ASSEMBLY_LEASE_MS,
      quotaBytes: e.UPLOAD_BYTES_PER_ACCOUNT,
      writeStaleMs: 2 * e.REQUEST_TIMEOUT_MS,
      chunksPerMin: e.UPLOAD_CHUNKS_PER_ACCOUNT_PER_MIN,
      assemblyPauseMs: e.TEST_ASSEMBLY_PAUSE_MS ?? 0,
    },
    clamav: clamav.clamav,
  };
}
