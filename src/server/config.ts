import path from 'node:path';
import { CHUNK_SIZE_BYTES } from '../common/constants.js';
import type { IdentityProviderSetting } from '../common/schemas/identity.js';
import { type ClamavConfig, parseClamavEnv } from './config/clamav.js';
import { envSchema } from './config/env-schema.js';
import { parseIdentityEnv } from './config/identity.js';
import type { S3Options } from './infra/blob-store/s3.js';

// The only reader of process.env. Every variable is parsed once (config/env-schema.ts); a bad value
// stops the start with one line per bad variable.

const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];

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
  /** Tests only: addresses the image proxy may fetch from though they are not public. */
  imageProxyAllowedAddresses: string[];
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
      [
        'TEST_UPLOAD_CHUNK_BYTES',
        'TEST_ASSEMBLY_PAUSE_MS',
        'GITHUB_OAUTH_URL',
        'GITHUB_API_URL',
        'IMAGE_PROXY_ALLOW_ADDRESSES',
      ] as const
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
    imageProxyAllowedAddresses: (e.IMAGE_PROXY_ALLOW_ADDRESSES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
