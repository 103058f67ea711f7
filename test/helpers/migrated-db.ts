import fs from 'node:fs';
import { afterEach, beforeEach } from 'vitest';
import type { Db } from '../../src/server/db/kysely.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openMigratedTestDb, releaseTestDb, tempDir } from './test-db.js';

/** A fresh, migrated database of the dialect under test for each test of the calling file. */
export function withMigratedTestDb(): () => Db {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = tempDir();
    db = await openMigratedTestDb(dir);
    await migrateToLatest(db.kysely, db.dialect, db.schema);
  });
  afterEach(async () => {
    await db.close();
    await releaseTestDb(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => db;
}
