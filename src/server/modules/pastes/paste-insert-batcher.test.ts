import { describe, expect, it } from 'vitest';
import { withMigratedTestDb } from '../../../../test/helpers/migrated-db.js';
import { pasteRow } from '../../../../test/helpers/pastes.js';
import { findLivePaste } from './live-paste.repository.js';
import { createPasteInsertBatcher, type NewPasteRow } from './paste-insert-batcher.js';

const testDb = withMigratedTestDb();

const NOW = 1_700_000_000_000;

const row = (id: string, extra: Partial<NewPasteRow> = {}) =>
  pasteRow(id, { created_at: NOW, expires_at: NOW + 86_400_000, ...extra });

const storedIds = async () =>
  (await testDb().kysely.selectFrom('pastes').select('id').orderBy('id').execute()).map((r) => r.id);

describe('paste insert batcher', () => {
  it('stores every row of a burst of concurrent inserts, each answered after its commit', async () => {
    const batcher = createPasteInsertBatcher(testDb());
    const ids = Array.from({ length: 60 }, (_, i) => `burst${String(i).padStart(2, '0')}`);
    const results = await Promise.all(ids.map((id) => batcher.insert(row(id))));
    expect(results.every((r) => r === true)).toBe(true);
    expect(await storedIds()).toEqual(ids);
    const one = await findLivePaste(testDb(), 'burst07', NOW);
    expect(one).toMatchObject({ title: 'title burst07', content: 'content of burst07', status: 'ready' });
  });

  it('answers false for a taken id, in the same batch or already stored, and stores the rest', async () => {
    const batcher = createPasteInsertBatcher(testDb());
    expect(await batcher.insert(row('taken'))).toBe(true);
    const results = await Promise.all([
      batcher.insert(row('fresh1')),
      batcher.insert(row('taken', { title: 'second try' })),
      batcher.insert(row('twin')),
      batcher.insert(row('twin', { title: 'second twin' })),
      batcher.insert(row('fresh2')),
    ]);
    expect(results).toEqual([true, false, true, false, true]);
    expect(await storedIds()).toEqual(['fresh1', 'fresh2', 'taken', 'twin']);
    expect((await findLivePaste(testDb(), 'taken', NOW))?.title).toBe('title taken');
    expect((await findLivePaste(testDb(), 'twin', NOW))?.title).toBe('title twin');
  });

  it('fails only the row that breaks a constraint, not the others of its batch', async () => {
    const batcher = createPasteInsertBatcher(testDb());
    const results = await Promise.allSettled([
      batcher.insert(row('good1')),
      batcher.insert(row('orphan', { user_id: 999_999 })),
      batcher.insert(row('good2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await storedIds()).toEqual(['good1', 'good2']);
  });

  it('never joins a transaction that is open on the connection, nor reads its uncommitted rows', async () => {
    const batcher = createPasteInsertBatcher(testDb());
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inserted!: () => void;
    const insertedInTrx = new Promise<void>((r) => {
      inserted = r;
    });
    const rolledBack = testDb()
      .kysely.transaction()
      .execute(async (trx) => {
        await trx.insertInto('pastes').values(row('doomed')).execute();
        inserted();
        await held;
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    await insertedInTrx;
    const reading = findLivePaste(testDb(), 'doomed', NOW);
    const storing = batcher.insert(row('kept'));
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await rolledBack).toBe('roll back');
    expect(await storing).toBe(true);
    expect(await reading).toBeUndefined();
    expect(await storedIds()).toEqual(['kept']);
  });
});
