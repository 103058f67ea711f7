import { createErasure } from '../db/erasure.js';
import { createStaffReads } from '../modules/audit/staff-reads.service.js';
import { createCollectionsService } from '../modules/collections/collections.service.js';
import { createLineIndexes } from '../modules/line-index/line-index-store.js';
import { createMalwareScanning } from '../modules/malware/malware.service.js';
import { createPasteInsertBatcher } from '../modules/pastes/paste-insert-batcher.js';
import { pasteCreationRules } from '../modules/pastes/pastes.limits.js';
import { createPastesService } from '../modules/pastes/pastes.service.js';
import { createHotPasteCache } from '../modules/pastes/reading/hot-paste-cache.js';
import { createPasteDelivery } from '../modules/pastes/reading/paste-delivery.js';
import { createPasteLines } from '../modules/pastes/reading/paste-lines.service.js';
import { createRecentViewers } from '../modules/pastes/reading/recent-viewers.js';
import { createViewCounter } from '../modules/pastes/reading/view-counter.js';
import { createPasteRevisions } from '../modules/revisions/revisions.service.js';
import { createContentRulesService } from '../modules/safety/content-rules.service.js';
import { createSafetyService } from '../modules/safety/safety.service.js';
import { createSafetyOutcomes } from '../modules/safety/safety-outcomes.js';
import { createSearchService } from '../modules/search/search.service.js';
import { createSearchIndex } from '../modules/search/search-index.service.js';
import { createShareGrants } from '../modules/teams/share-grants.js';
import { createSharesService } from '../modules/teams/shares.service.js';
import { createTeamsService } from '../modules/teams/teams.service.js';
import { createUploadsService } from '../modules/uploads/uploads.service.js';
import type { AccountServices } from './accounts.js';
import type { Platform } from './platform.js';

/**
 * Pastes and what works on them: reading, views, uploads, revisions, search, content rules, teams
 * and shares.
 */
export function createPasteServices(
  { config, db, clock, log, metrics, redis, changes, settings, rateLimiter, blobs }: Platform,
  { users }: Pick<AccountServices, 'users'>,
) {
  const hot = createHotPasteCache();
  const recentViewers = createRecentViewers({ clock, redis, keyPrefix: config.redisKeyPrefix });
  const views = createViewCounter(db.kysely, { recent: recentViewers, onWritten: (id) => hot.delete(id) });
  const searchIndex = createSearchIndex({ db, blobs });
  const inserts = createPasteInsertBatcher(db, searchIndex);
  const lineIndexes = createLineIndexes(blobs);
  const grants = createShareGrants({ db: db.kysely });
  const outcomes = createSafetyOutcomes({ db: db.kysely, clock, metrics });
  const contentRules = createContentRulesService({ db: db.kysely, clock, metrics, outcomes, changes });
  const malware = createMalwareScanning({
    db: db.kysely,
    clock,
    clamav: config.clamav,
    settings,
    metrics,
    log,
    outcomes,
  });
  const pastes = createPastesService({
    screen: contentRules,
    outcomes,
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
    malware,
  });
  const teams = createTeamsService({ db: db.kysely, clock, users });
  const search = createSearchService({ db, clock, index: searchIndex });
  const shares = createSharesService({ db: db.kysely, clock, users, teams, grants, pastes });
  const collections = createCollectionsService({ db: db.kysely, clock, users, teams, grants, pastes });
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
    malware,
    outcomes,
  });
  const safety = createSafetyService({
    db: db.kysely,
    clock,
    rules: contentRules,
    pastes,
    metrics,
    outcomes,
  });
  const pasteDelivery = createPasteDelivery({ blobs, pastes, revisions: pasteRevisions, views });
  const pasteLines = createPasteLines({ blobs, pastes, lineIndexes });
  return {
    views,
    searchIndex,
    lineIndexes,
    contentRules,
    outcomes,
    pastes,
    teams,
    search,
    shares,
    collections,
    uploads,
    erasure,
    pasteRevisions,
    safety,
    pasteDelivery,
    pasteLines,
  };
}

export type PasteServices = ReturnType<typeof createPasteServices>;
