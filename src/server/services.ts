import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from './clock.js';
import { type Config, metricsServed } from './config.js';
import { createErasure } from './db/erasure.js';
import type { Db } from './db/kysely.js';
import { createLocalDiskStore } from './infra/blob-store/index.js';
import { createS3Store } from './infra/blob-store/s3.js';
import { createCaptcha } from './infra/captcha/captcha.js';
import { createNoChangeBus, createPgChangeBus, createRedisChangeBus } from './infra/change-bus/change-bus.js';
import type { BackgroundTask } from './infra/jobs/background-jobs.js';
import type { MailerOptions } from './infra/mailer/index.js';
import { createMetrics } from './infra/metrics/metrics.js';
import { queryTimingPlugin } from './infra/metrics/query-timing.js';
import { timedBlobStore } from './infra/metrics/timed-blob-store.js';
import { createModerationSecret } from './lib/moderation-secret.js';
import { createRateLimiter } from './lib/rate-limiter.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createStaffReads } from './modules/audit/staff-reads.service.js';
import { createAccountService } from './modules/auth/account.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createCredentialChanges } from './modules/auth/credential-change.js';
import { createEmailVerificationService } from './modules/auth/email-verification.service.js';
import { createPasswordResetService } from './modules/auth/password-reset.service.js';
import { createSessionsService } from './modules/auth/sessions.service.js';
import { createBackupService } from './modules/backup/backup.service.js';
import { createScheduledBackups } from './modules/backup/scheduled-backups.service.js';
import { createBansService } from './modules/bans/bans.service.js';
import { createFaviconService } from './modules/favicon/favicon.service.js';
import { createIdentityService } from './modules/identity/identity.service.js';
import { createSecondFactorService } from './modules/identity/second-factor.service.js';
import { createLeaderboardService } from './modules/leaderboard/leaderboard.service.js';
import { createMailService } from './modules/mail/mail.service.js';
import { createMalwareScanning } from './modules/malware/malware.service.js';
import { createAuthorPurge } from './modules/moderation/author-purge.js';
import { createModerationService } from './modules/moderation/moderation.service.js';
import { createLineIndexes } from './modules/pastes/line-index/line-index-store.js';
import { createPasteInsertBatcher } from './modules/pastes/paste-insert-batcher.js';
import { INLINE_CONTENT_MAX_BYTES, pasteCreationRules } from './modules/pastes/pastes.limits.js';
import { createPastesService } from './modules/pastes/pastes.service.js';
import { createPasteRanking } from './modules/pastes/ranking.service.js';
import { createHotPasteCache } from './modules/pastes/reading/hot-paste-cache.js';
import { createPasteDelivery } from './modules/pastes/reading/paste-delivery.js';
import { createPasteLines } from './modules/pastes/reading/paste-lines.service.js';
import { createRecentViewers } from './modules/pastes/reading/recent-viewers.js';
import { createViewCounter } from './modules/pastes/reading/view-counter.js';
import { createPasteRevisions } from './modules/revisions/revisions.service.js';
import { createContentRulesService } from './modules/safety/content-rules.service.js';
import { createSafetyService } from './modules/safety/safety.service.js';
import { createSearchService } from './modules/search/search.service.js';
import { createSearchIndex } from './modules/search/search-index.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSetupService } from './modules/setup/setup.service.js';
import { createShareGrants } from './modules/teams/share-grants.js';
import { createSharesService } from './modules/teams/shares.service.js';
import { createTeamsService } from './modules/teams/teams.service.js';
import { createUploadsService } from './modules/uploads/uploads.service.js';
import { createAccessTokenService } from './modules/users/access-tokens.service.js';
import { createApiKeyService } from './modules/users/api-keys.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { createVipService } from './modules/vip/vip.service.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Tests only: lets the mailer trust the loopback SMTP sink's certificate. */
  mailerOptions?: MailerOptions;
}

/** Builds every service once, wiring their dependencies; routes reach them through app.services. */
export function createServices({ config, db: opened, clock, log, mailerOptions: given }: ServiceDeps) {
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
  const users = createUsersService({ db: db.kysely });
  const sessions = createSessionsService({ db: db.kysely, clock, ttlMs: config.session.ttlMs });
  const apiKeys = createApiKeyService({ db: db.kysely, settings });
  const accessTokens = createAccessTokenService({ db: db.kysely, settings, clock });
  const credentials = createCredentialChanges({ apiKeys, accessTokens });
  const secondFactor = createSecondFactorService({ db: db.kysely, clock, rateLimiter, settings });
  const emailVerification = createEmailVerificationService({
    db: db.kysely,
    users,
    clock,
    settings,
    mail,
    apiKeys,
    rateLimiter,
    secondFactor,
  });
  const passwordReset = createPasswordResetService({
    db: db.kysely,
    users,
    clock,
    settings,
    mail,
    rateLimiter,
    credentials,
    secondFactor,
  });
  const auth = createAuthService({
    db: db.kysely,
    users,
    clock,
    settings,
    captcha,
    rateLimiter,
    verification: emailVerification,
    mail,
  });
  const account = createAccountService({
    db: db.kysely,
    users,
    clock,
    settings,
    rateLimiter,
    verification: emailVerification,
    apiKeys,
    credentials,
    mail,
  });
  const vip = createVipService({
    db: db.kysely,
    users,
    clock,
    rateLimiter,
    bannerHosts: config.vipBannerHosts,
  });
  const setup = createSetupService({
    db,
    users,
    clock,
    settings,
    rateLimiter,
    mailConfig: config.mail,
    mailerOptions,
  });
  const blobs = config.s3
    ? timedBlobStore(createS3Store(config.s3), 's3', metrics)
    : timedBlobStore(createLocalDiskStore(path.join(config.dataDir, 'blobs')), 'disk', metrics);
  const hot = createHotPasteCache();
  const recentViewers = createRecentViewers({ clock, redis, keyPrefix: config.redisKeyPrefix });
  const views = createViewCounter(db.kysely, { recent: recentViewers, onWritten: (id) => hot.delete(id) });
  const searchIndex = createSearchIndex({ db, blobs });
  const inserts = createPasteInsertBatcher(db, searchIndex);
  const lineIndexes = createLineIndexes(blobs);
  const grants = createShareGrants({ db: db.kysely });
  const contentRules = createContentRulesService({ db: db.kysely, clock, metrics, changes });
  const pastes = createPastesService({
    screen: contentRules,
    db,
    clock,
    blobs,
    lineIndexes,
    settings,
    rateLimiter,
    views,
    hot,
    inserts,
    creationLimits: pasteCreationRules(config.pasteCreateLimits),
    secretScanBudgetMs: config.secretScanBudgetMs,
    metrics,
    staffReads: createStaffReads({ db: db.kysely, clock }),
    grants,
    search: searchIndex,
  });
  const teams = createTeamsService({ db: db.kysely, clock, users });
  const search = createSearchService({ db, clock, index: searchIndex });
  const shares = createSharesService({ db: db.kysely, clock, users, teams, grants, pastes });
  const malware = createMalwareScanning({
    db: db.kysely,
    clock,
    clamav: config.clamav,
    settings,
    metrics,
    log,
  });
  const uploads = createUploadsService({
    malware,
    db: db.kysely,
    clock,
    blobs,
    pastes,
    users,
    lineIndexes,
    rateLimiter,
    log,
    options: config.uploads,
    metrics,
  });
  metrics.countOpenUploadSessions(uploads.openSessions);
  const erasure = createErasure(db);
  const pasteRevisions = createPasteRevisions({
    db,
    clock,
    blobs,
    settings,
    hot,
    pastes,
    rateLimiter,
    lineIndexes,
    limits: { ...config.pasteEditLimits, secretScanBudgetMs: config.secretScanBudgetMs },
    screen: contentRules,
    search: searchIndex,
  });
  const safety = createSafetyService({ db: db.kysely, clock, rules: contentRules, pastes, metrics });
  const pasteDelivery = createPasteDelivery({ blobs, pastes, revisions: pasteRevisions, views });
  const pasteLines = createPasteLines({ blobs, pastes, lineIndexes });
  const moderation = createModerationService({
    db: db.kysely,
    clock,
    pastes,
    settings,
    rateLimiter,
    metrics,
    moderationSecret: createModerationSecret({
      fromEnv: config.moderationKeySecret,
      dataDir: config.dataDir,
    }),
    erasure,
  });
  const bans = createBansService({ db: db.kysely, clock, users, sessions, pastes, changes });
  const authorPurge = createAuthorPurge({ db: db.kysely, pastes });
  const favicon = createFaviconService({ blobs, settings });
  const backup = createBackupService({
    db,
    blobs,
    clock,
    settings,
    uploads,
    lineIndexes,
    inlineMaxBytes: INLINE_CONTENT_MAX_BYTES,
    erasure,
    search: searchIndex,
  });
  const scheduledBackups = createScheduledBackups({
    db: db.kysely,
    blobs,
    clock,
    backup,
    ...config.scheduledBackups,
  });
  const audit = createAuditService({
    db: db.kysely,
    clock,
    users,
    pastes,
    moderation,
    teams,
    retentionDays: config.auditRetentionDays,
  });
  const admin = createAdminService({
    db: db.kysely,
    users,
    credentials,
    pastes,
    moderation,
    settings,
    secondFactor,
  });
  const identity = createIdentityService({
    db: db.kysely,
    clock,
    settings,
    users,
    audit,
    captcha,
    rateLimiter,
    siteOrigin: mail.siteOrigin,
    config: config.identity,
  });
  const leaderboard = createLeaderboardService({ ranking: createPasteRanking({ db: db.kysely }), clock });
  return {
    config,
    db,
    metrics,
    clock,
    redis,
    settings,
    captcha,
    rateLimiter,
    users,
    sessions,
    auth,
    setup,
    mail,
    apiKeys,
    accessTokens,
    emailVerification,
    passwordReset,
    account,
    vip,
    blobs,
    views,
    pastes,
    pasteDelivery,
    pasteLines,
    pasteRevisions,
    uploads,
    leaderboard,
    teams,
    shares,
    search,
    moderation,
    authorPurge,
    bans,
    contentRules,
    safety,
    admin,
    audit,
    identity,
    secondFactor,
    favicon,
    backup,
    scheduledBackups,
    /** The periodic clean-ups every instance runs (infra/jobs runs them; it knows no module). */
    backgroundTasks: (intervalMs: number): BackgroundTask[] => [
      {
        name: 'sweep-pastes',
        intervalMs,
        run: async () => metrics.backgroundItems.inc({ task: 'sweep_pastes' }, await pastes.sweep()),
      },
      { name: 'sweep-sessions', intervalMs, run: () => sessions.sweep() },
      // Pastes made before search existed get their documents, a batch a run, then it rests.
      {
        name: 'index-older-pastes',
        intervalMs,
        run: async () => metrics.backgroundItems.inc({ task: 'index_pastes' }, await searchIndex.backfill()),
      },
      { name: 'sweep-email-tokens', intervalMs, run: () => emailVerification.sweepExpiredTokens() },
      { name: 'sweep-identity-flows', intervalMs, run: () => identity.sweep() },
      { name: 'sweep-second-factor-challenges', intervalMs, run: () => secondFactor.sweep() },
      {
        name: 'collect-uploads',
        intervalMs,
        run: async () =>
          metrics.backgroundItems.inc({ task: 'collect_uploads' }, await uploads.collectAbandoned()),
      },
      { name: 'purge-audit-log', intervalMs, run: () => audit.purge() },
      // Ended bans go, and the pastes a suspension held are readable again.
      { name: 'end-bans', intervalMs, run: () => bans.sweep() },
      // Keys reporters shared for pastes that expired, burned or were otherwise deleted.
      { name: 'forget-shared-keys', intervalMs, run: () => moderation.forgetKeysOfGonePastes() },
      // Checked every sweep: the first backup comes within a sweep of the start.
      ...(scheduledBackups.enabled
        ? [
            {
              name: 'scheduled-backup',
              intervalMs,
              run: async () => {
                if ((await scheduledBackups.runDue()) === 'written') {
                  metrics.backgroundItems.inc({ task: 'scheduled_backup' });
                }
              },
            },
          ]
        : []),
      // Often, so that an assembly whose instance died resumes soon after its lease runs out.
      {
        name: 'resume-assemblies',
        intervalMs: Math.min(intervalMs, config.uploads.leaseMs),
        run: () => uploads.resumeAssemblies(),
      },
    ],
    async close(): Promise<void> {
      await mail.settled();
      await uploads.settled();
      await views.close();
      await changes.close();
      await redis?.quit().catch(() => {});
      await db.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
