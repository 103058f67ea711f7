import type { Clock } from '../../clock.js';
import type { Erasure } from '../../db/erasure.js';
import type { Db } from '../../db/kysely.js';
import type { BlobStore } from '../../infra/blob-store/index.js';
import type { LineIndexes } from '../line-index/line-index-store.js';
import type { ContentRulesService } from '../safety/content-rules.service.js';
import type { SearchIndex } from '../search/search-index.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { createBackupExport } from './backup-export.js';
import { createBackupImport } from './backup-import.js';

interface Deps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  settings: SettingsService;
  uploads: UploadsService;
  /** Line indexes and sealed line tables, kept beside the content they belong to. */
  lineIndexes: Pick<LineIndexes, 'builder' | 'save' | 'saveSealed' | 'loadSealed'>;
  /** Content larger than this (or holding NUL) is stored as a blob, as pastes.service does. */
  inlineMaxBytes: number;
  erasure: Erasure;
  /** A restored backup's pastes are indexed inside the import's transaction. */
  search: Pick<SearchIndex, 'reindexAll'>;
  /** A restored content rule is checked by the rules' own standard, and every instance reloads them. */
  rules: Pick<ContentRulesService, 'normalize' | 'reload'>;
}

export type BackupService = ReturnType<typeof createBackupService>;

/**
 * Database backup: export as one streamed JSON document (backup-export.ts: pages of rows from one
 * snapshot, texts streamed from the blob store), import by streaming the document through a JSON
 * tokenizer and replacing everything in one transaction (backup-import.ts). Memory holds one row
 * at a time: the largest text bounds it, never the size of the site.
 */
export function createBackupService(deps: Deps) {
  return { ...createBackupExport(deps), ...createBackupImport(deps) };
}
