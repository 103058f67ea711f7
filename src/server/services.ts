import { createAccountServices } from './wiring/accounts.js';
import { backgroundTasksOf } from './wiring/background-tasks.js';
import { createPasteServices } from './wiring/pastes.js';
import { createPlatform, type ServiceDeps } from './wiring/platform.js';
import { createSiteServices } from './wiring/site.js';

export type { ServiceDeps } from './wiring/platform.js';

/**
 * Builds every service once, wiring their dependencies (by domain, in wiring/); routes reach them
 * through app.services.
 */
export function createServices(deps: ServiceDeps) {
  const platform = createPlatform(deps);
  const accounts = createAccountServices(platform);
  const pasteServices = createPasteServices(platform, accounts);
  const site = createSiteServices(platform, accounts, pasteServices);
  const { config, db, metrics, clock, redis, settings, captcha, rateLimiter, mail, blobs, changes } =
    platform;
  const {
    users,
    sessions,
    auth,
    setup,
    apiKeys,
    accessTokens,
    emailVerification,
    passwordReset,
    account,
    vip,
    secondFactor,
    passkeys,
  } = accounts;
  const {
    views,
    pastes,
    pasteDelivery,
    pasteLines,
    pasteRevisions,
    uploads,
    teams,
    shares,
    collections,
    search,
    contentRules,
    safety,
  } = pasteServices;
  const {
    leaderboard,
    moderation,
    reportNotices,
    authorPurge,
    bans,
    admin,
    audit,
    identity,
    favicon,
    backup,
    scheduledBackups,
    embeds,
    previews,
    cardRenderer,
    highlighter,
    imageProxy,
    imageFetcher,
  } = site;
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
    collections,
    search,
    moderation,
    reportNotices,
    authorPurge,
    bans,
    contentRules,
    safety,
    admin,
    audit,
    identity,
    secondFactor,
    passkeys,
    favicon,
    backup,
    scheduledBackups,
    embeds,
    previews,
    imageProxy,
    backgroundTasks: backgroundTasksOf(platform, accounts, pasteServices, site),
    async close(): Promise<void> {
      await mail.settled();
      await uploads.settled();
      await views.close();
      await highlighter.close();
      await cardRenderer.close();
      await imageFetcher.close();
      await changes.close();
      await redis?.quit().catch(() => {});
      await db.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
