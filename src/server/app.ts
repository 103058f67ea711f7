import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { type Db, openDb } from './db/kysely.js';
import { migrateToLatest } from './db/migrate.js';
import { registerErrorHandling } from './errors.js';
import { startBackgroundJobs } from './infra/jobs/background-jobs.js';
import type { MailerOptions } from './infra/mailer/index.js';
import { type LogStream, loggerOptions, requestLogger } from './logging.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { accountRecoveryRoutes } from './modules/auth/account-recovery.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { sessionsRoutes } from './modules/auth/sessions.routes.js';
import { backupRoutes } from './modules/backup/backup.routes.js';
import { bansRoutes } from './modules/bans/bans.routes.js';
import { collectionsRoutes } from './modules/collections/collections.routes.js';
import { embedsRoutes } from './modules/embeds/embeds.routes.js';
import { faviconRoutes } from './modules/favicon/favicon.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import { identityAccountRoutes } from './modules/identity/identity-account.routes.js';
import { identityAdminRoutes } from './modules/identity/identity-admin.routes.js';
import { passkeySignInRoutes } from './modules/identity/passkey-sign-in.routes.js';
import { passkeyAccountRoutes } from './modules/identity/passkeys.routes.js';
import { secondFactorRoutes } from './modules/identity/second-factor.routes.js';
import { imageProxyRoutes } from './modules/image-proxy/image-proxy.routes.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { noticesRoutes } from './modules/moderation/notices.routes.js';
import { myPastesRoutes, pastesRoutes } from './modules/pastes/pastes.routes.js';
import { previewsRoutes } from './modules/previews/previews.routes.js';
import { revisionsRoutes } from './modules/revisions/revisions.routes.js';
import { safetyRoutes } from './modules/safety/safety.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { setupRoutes } from './modules/setup/setup.routes.js';
import { sharesRoutes } from './modules/teams/shares.routes.js';
import { teamsRoutes } from './modules/teams/teams.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { accessTokensRoutes } from './modules/users/access-tokens.routes.js';
import { accountRoutes } from './modules/users/account.routes.js';
import { v1Routes } from './modules/v1/v1.routes.js';
import { vipRoutes } from './modules/vip/vip.routes.js';
import { accessPlugin, type RouteAccess } from './plugins/access.js';
import { addressBansPlugin } from './plugins/address-bans.js';
import { apiKeyPlugin } from './plugins/api-key.js';
import { bodyParsingPlugin } from './plugins/body-parsing.js';
import { csrfPlugin } from './plugins/csrf.js';
import { gracefulShutdownPlugin } from './plugins/graceful-shutdown.js';
import { membersOnlyPlugin } from './plugins/members-only.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApiPlugin } from './plugins/openapi.js';
import { refusedBodyDrainPlugin } from './plugins/refused-body-drain.js';
import { type AnswerCheck, responseSchemasPlugin } from './plugins/response-schemas.js';
import { secondFactorGatePlugin } from './plugins/second-factor-gate.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionPlugin } from './plugins/session.js';
import './plugins/types.js';
import { builtPastePageRenderer, builtWebRoot } from './paths.js';
import { readInlineAssets } from './plugins/page-assets.js';
import { loadPastePageRenderer, type PastePageRenderer, webAppPlugin } from './plugins/web-app.js';
import { createServices } from './services.js';

export interface BuildOptions {
  clock?: Clock;
  /** An already-open database (tests); otherwise opened from config. */
  db?: Db;
  /** Where the built web app lives; defaults to dist/web beside the sources. */
  webRoot?: string;
  /** The paste page's server renderer; defaults to the one built with dist/web (only with it). */
  renderPastePage?: PastePageRenderer;
  /** Tests only: mailer options such as trusting the loopback SMTP sink's certificate. */
  mailerOptions?: MailerOptions;
  /** Periodic sweepers; tests that drive them by hand turn them off. */
  backgroundJobs?: boolean;
  /** Tests: every API answer is checked against its declared schema (a mismatch answers 500). */
  checkResponses?: boolean;
  /** Tests: a further check of every answer, with checkResponses (a mismatch answers 500). */
  checkAnswer?: AnswerCheck;
  /** Tests only: where log lines go instead of stdout. */
  logStream?: LogStream;
}

export interface App extends FastifyInstance {
  routeAccess: RouteAccess[];
}

/** JSON bodies other than a paste's are a few fields; routes that carry content set their own limit. */
const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Fastify 5.12 trusts no hop when given a number, so a hop count becomes proxy-addr's own rule:
 * the socket peer and the next `hops - 1` addresses are proxies; the one before them is the client.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust ?? false;
}

/** Builds the whole application without listening: plugins in a fixed order, then the routes. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const db = opts.db ?? openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db.kysely, db.dialect, db.schema);

  const app = Fastify({
    logger: loggerOptions(config, opts.logStream),
    childLoggerFactory: requestLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  const services = createServices({
    config,
    db,
    clock: opts.clock ?? systemClock,
    log: app.log,
    mailerOptions: opts.mailerOptions,
  });
  app.decorate('services', services);
  app.addHook('onClose', async () => services.close());

  registerErrorHandling(app);
  // First, so that every answer is measured, refusals included.
  await app.register(metricsPlugin);
  await app.register(gracefulShutdownPlugin);
  const routeAccess: RouteAccess[] = [];
  await app.register(accessPlugin, { table: routeAccess });
  await app.register(cookie);
  const webRoot = opts.webRoot ?? builtWebRoot;
  await app.register(securityHeadersPlugin, {
    scriptHashes: [readInlineAssets(webRoot, []).earlyScript?.hash].filter((h) => h !== undefined),
  });
  await app.register(bodyParsingPlugin);
  await app.register(refusedBodyDrainPlugin);
  await app.register(csrfPlugin);
  await app.register(addressBansPlugin);
  await app.register(sessionPlugin);
  await app.register(apiKeyPlugin);
  await app.register(membersOnlyPlugin);
  await app.register(secondFactorGatePlugin);
  await app.register(responseSchemasPlugin, {
    check: opts.checkResponses === true,
    checkAnswer: opts.checkAnswer,
  });
  await app.register(openApiPlugin);

  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await app.register(setupRoutes);
  await app.register(authRoutes);
  await app.register(accountRecoveryRoutes);
  await app.register(accountRoutes);
  await app.register(accessTokensRoutes);
  await app.register(identityRoutes);
  await app.register(identityAccountRoutes);
  await app.register(identityAdminRoutes);
  await app.register(secondFactorRoutes);
  await app.register(passkeyAccountRoutes);
  await app.register(passkeySignInRoutes);
  await app.register(sessionsRoutes);
  await app.register(mailRoutes);
  await app.register(vipRoutes);
  await app.register(v1Routes);
  await app.register(pastesRoutes);
  await app.register(revisionsRoutes);
  await app.register(uploadsRoutes);
  await app.register(myPastesRoutes);
  await app.register(teamsRoutes);
  await app.register(sharesRoutes);
  await app.register(collectionsRoutes);
  await app.register(searchRoutes);
  await app.register(moderationRoutes);
  await app.register(noticesRoutes);
  await app.register(safetyRoutes);
  await app.register(bansRoutes);
  await app.register(leaderboardRoutes);
  await app.register(adminRoutes);
  await app.register(auditRoutes);
  await app.register(faviconRoutes);
  await app.register(backupRoutes);
  await app.register(embedsRoutes);
  await app.register(imageProxyRoutes);
  await app.register(previewsRoutes);

  await app.register(webAppPlugin, {
    root: webRoot,
    renderPastePage:
      opts.renderPastePage ??
      (opts.webRoot ? undefined : await loadPastePageRenderer(builtPastePageRenderer)),
  });

  if (opts.backgroundJobs !== false)
    startBackgroundJobs(app, services.backgroundTasks(config.sweepIntervalMs));

  return Object.assign(app, { routeAccess }) as unknown as App;
}
