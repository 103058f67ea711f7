import { describe, expect, it } from 'vitest';
import { withMigratedTestDb } from '../../../../../test/helpers/migrated-db.js';
import { pasteRow } from '../../../../../test/helpers/pastes.js';
import { systemClock } from '../../../clock.js';
import { createPasteInsertBatcher } from '../paste-insert-batcher.js';
import { createRecentViewers } from './recent-viewers.js';
import { createViewCounter } from './view-counter.js';

const testDb = withMigratedTestDb();
const recent = () => createRecentViewers({ clock: systemClock });

async function insertPastes(n: number): Promise<string[]> {
  const batcher = createPasteInsertBatcher(testDb());
  const ids = Array.from({ length: n }, (_, i) => `p${String(i).padStart(5, '0')}`);
  await Promise.all(ids.map((id) => batcher.insert(pasteRow(id, { view_count: 5 }))));
  return ids;
}

describe('view counter', () => {
  it('writes a second of views over many pastes in one flush, each paste its own count', async () => {
    const ids = await insertPastes(1_234);
    const written: string[] = [];
    const views = createViewCounter(testDb().kysely, {
      recent: recent(),
      flushEveryMs: 60_000,
      onWritten: (id) => written.push(id),
    });
    ids.forEach((id, i) => {
      for (let k = 0; k <= i % 3; k++) views.record(id, `${id}-viewer-${k}`);
    });
    views.record('gone-already', 'someone');
    expect(views.pendingFor(ids[2]!)).toBe(3);
    await views.close();
    const rows = await testDb()
      .kysely.selectFrom('pastes')
      .select(['id', 'view_count'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.view_count)).toEqual(ids.map((_, i) => 5 + 1 + (i % 3)));
    expect(views.pendingFor(ids[2]!)).toBe(0);
    expect(written).toHaveLength(1_235);
  });

  it('keeps the counts for the next flush when the database refuses them', async () => {
    const [id] = await insertPastes(1);
    const views = createViewCounter(testDb().kysely, { recent: recent(), flushEveryMs: 60_000 });
    views.record(id!, 'viewer-1');
    views.record(id!, 'viewer-2');
    await testDb().kysely.schema.alterTable('pastes').renameTo('pastes_away').execute();
    await views.flush();
    expect(views.pendingFor(id!)).toBe(2);
    await testDb().kysely.schema.alterTable('pastes_away').renameTo('pastes').execute();
    await views.close();
    const row = await testDb().kysely.selectFrom('pastes').select('view_count').executeTakeFirstOrThrow();
    expect(row.view_count).toBe(7);
  });

  it('still counts a batch while it is written, so a read never sees the count dip', async () => {
    const [id] = await insertPastes(1);
    let committed = false;
    const views = createViewCounter(testDb().kysely, {
      recent: recent(),
      flushEveryMs: 60_000,
      onWritten: () => {
        committed = true;
      },
    });
    views.record(id!, 'viewer-1');
    views.record(id!, 'viewer-2');
    let done = false;
    const flushed = views.flush().then(() => {
      done = true;
    });
    // Every turn of the flush: 2 views still pending until the write has committed, none after.
    const seen = new Set<string>();
    for (let turns = 0; !done && turns < 100_000; turns++) {
      seen.add(`${views.pendingFor(id!)} ${committed ? 'committed' : 'writing'}`);
      await null;
    }
    await flushed;
    expect([...seen].filter((s) => s !== '2 writing' && s !== '0 committed')).toEqual([]);
    expect(seen.has('2 writing')).toBe(true);
    const row = await testDb().kysely.selectFrom('pastes').select('view_count').executeTakeFirstOrThrow();
    expect(row.view_count).toBe(7);
    await views.close();
  });
});
