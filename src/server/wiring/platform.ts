import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import { type Config, metricsServed } from '../config.js';
import type { Db } from '../db/kysely.js';
import { createLocalDiskStore } from '../infra/blob-store/index.js';
import { createS3Store } from '../infra/blob-store/s3.js';
import { createCaptcha } from '../infra/captcha/captcha.js';
import {
  createNoChangeBus,
  createPgChangeBus,
  createRedisChangeBus,
} from '../infra/change-bus/change-bus.js';
import type { MailerOptions } from '../infra/mailer/index.js';
import { createMetrics } from '../infra/metrics/metrics.js';
import { queryTimingPlugin } from '../infra/metrics/query-timing.js';
import { timedBlobStore } from '../infra/metrics/timed-blob-store.js';
import { createRateLimiter } from '../lib/rate-limiter.js';
import { createMailService } from '../modules/mail/mail.service.js';
import { createSettingsService } from '../modules/settings/settings.service.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Tests only: lets the mailer trust the loopback SMTP sink's certificate. */
  mailerOptions?: MailerOptions;
}

/** What every domain is built on: metrics, the timed database, Redis, the change bus, settings, mail, blobs. */
export function createPlatform({ config, db: opened, clock, log, mailerOptions: given }: ServiceDeps) {
  const metrics = createMetrics({ processMetrics: metricsServed(config) });
  // Every Kysely query is timed; the few raw statements of the hottest paths (db/prepared.ts) are not.
  const db: Db = {
    ...opened,
    kysely: opened.kysely.withPlugin(
      queryTimingPlugin((seconds) => metrics.dbQueries.observe({ dialect: opened.dialect }, seconds)),
    ),
  };
  // SMTP_TLS_REJECT_UNAUTHORIZED=false (tests only) is the browser tests' SMTP sink: a self-signed
  // certificate on a random loopback port.
  const mailerOptions: MailerOptions | undefined =
    given ??
    (config.smtpTlsRejectUnauthorized
      ? undefined
      : { smtpTls: { rejectUnauthorized: false }, smtpAnyPort: true });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  const changes = redis
    ? createRedisChangeBus(redis, config.redisKeyPrefix, log)
    : db.driver.dialect === 'postgres'
      ? createPgChangeBus(db.driver.pool, db.schema ?? 'public', log)
      : createNoChangeBus();
  const settings = createSettingsService({
    db: db.kysely,
    clock,
    maxPasteBytes: config.maxPasteBytes,
    auditRetentionDays: config.auditRetentionDays,
    log,
    changes,
  });
  const captcha = createCaptcha(config.turnstile);
  const rateLimiter = createRateLimiter(redis, clock, config.redisKeyPrefix, (limiter) =>
    metrics.rateLimited.inc({ limiter }),
  );
  const mail = createMailService({ settings, config, mailerOptions, metrics });
  const blobs = config.s3
    ? timedBlobStore(createS3Store(config.s3), 's3', metrics)
    : timedBlobStore(createLocalDiskStore(path.join(config.dataDir, 'blobs')), 'disk', metrics);
  return {
    config,
    clock,
    log,
    db,
    metrics,
    mailerOptions,
    redis,
    changes,
    settings,
    captcha,
    rateLimiter,
    mail,
    blobs,
  };
}

export type Platform = ReturnType<typeof createPlatform>;
