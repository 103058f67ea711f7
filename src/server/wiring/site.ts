import { createHighlighter } from '../infra/highlight/highlighter.js';
import { createModerationSecret } from '../lib/moderation-secret.js';
import { createAdminService } from '../modules/admin/admin.service.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import { createBackupService } from '../modules/backup/backup.service.js';
import { createScheduledBackups } from '../modules/backup/scheduled-backups.service.js';
import { createBansService } from '../modules/bans/bans.service.js';
import { loadEmbedAssets } from '../modules/embeds/embed-assets.js';
import { createEmbedsService } from '../modules/embeds/embeds.service.js';
import { createFaviconService } from '../modules/favicon/favicon.service.js';
import { createIdentityService } from '../modules/identity/identity.service.js';
import { createImageFetcher } from '../modules/image-proxy/image-fetch.js';
import { createImageProxyService } from '../modules/image-proxy/image-proxy.service.js';
import { createImageSigner } from '../modules/image-proxy/image-signature.js';
import { createLeaderboardService } from '../modules/leaderboard/leaderboard.service.js';
import { createAuthorPurge } from '../modules/moderation/author-purge.js';
import { createModerationService } from '../modules/moderation/moderation.service.js';
import { createReportNotices } from '../modules/moderation/report-notices.js';
import { INLINE_CONTENT_MAX_BYTES } from '../modules/pastes/pastes.limits.js';
import { createPasteRanking } from '../modules/pastes/ranking.service.js';
import { createEmbedReader } from '../modules/pastes/reading/embed-read.js';
import { createCardRenderer } from '../modules/previews/card-renderer.js';
import { createPreviewsService } from '../modules/previews/previews.service.js';
import type { AccountServices } from './accounts.js';
import type { PasteServices } from './pastes.js';
import type { Platform } from './platform.js';

/**
 * Running the site: moderation, bans, backups, the audit log, the admin panel, the favicon, the
 * leaderboard, embeds in other sites, and single sign-on (built here because it writes to the audit log).
 */
export function createSiteServices(
  { config, db, clock, log, metrics, changes, settings, captcha, rateLimiter, mail, blobs }: Platform,
  { users, sessions, credentials, secondFactor }: AccountServices,
  { pastes, teams, uploads, lineIndexes, erasure, searchIndex, contentRules, outcomes }: PasteServices,
) {
  // The site's sealing secret: it boxes shared paste keys and signs the image proxy's addresses.
  const sealingSecret = createModerationSecret({
    fromEnv: config.moderationKeySecret,
    dataDir: config.dataDir,
  });
  const notices = createReportNotices({ db: db.kysely, clock, mail, settings, log });
  const moderation = createModerationService({
    db: db.kysely,
    clock,
    pastes,
    outcomes,
    notices,
    settings,
    rateLimiter,
    metrics,
    moderationSecret: sealingSecret,
    erasure,
  });
  const bans = createBansService({ db: db.kysely, clock, users, sessions, pastes, changes });
  const authorPurge = createAuthorPurge({ db: db.kysely, clock, pastes });
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
    rules: contentRules,
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
    teams,
    captcha,
    rateLimiter,
    siteOrigin: mail.siteOrigin,
    config: config.identity,
  });
  const leaderboard = createLeaderboardService({ ranking: createPasteRanking({ db: db.kysely }), clock });
  // A text that takes a grammar longer than this is shown plain (some take seconds on a few KB).
  const highlighter = createHighlighter({ timeoutMs: 1_000, maxQueued: 32 });
  const embedReader = createEmbedReader({ pastes, blobs, lineIndexes });
  const embeds = createEmbedsService({
    reader: embedReader,
    settings,
    highlighter,
    assets: loadEmbedAssets(),
    siteOrigin: mail.siteOrigin,
  });
  // A card takes 50–300 ms of CPU on its own thread; one not drawn in 10 s is given up.
  const cardRenderer = createCardRenderer({ timeoutMs: 10_000, maxQueued: 16 });
  const previews = createPreviewsService({
    reader: embedReader,
    settings,
    highlighter,
    renderer: cardRenderer,
  });
  const imageFetcher = createImageFetcher({ allowed: config.imageProxyAllowedAddresses });
  const imageProxy = createImageProxyService({
    pastes,
    blobs,
    rateLimiter,
    signer: createImageSigner(sealingSecret),
    fetcher: imageFetcher,
  });
  return {
    embeds,
    previews,
    imageProxy,
    imageFetcher,
    cardRenderer,
    highlighter,
    moderation,
    reportNotices: notices,
    bans,
    authorPurge,
    favicon,
    backup,
    scheduledBackups,
    audit,
    admin,
    identity,
    leaderboard,
  };
}
