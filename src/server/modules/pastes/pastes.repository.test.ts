import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withMigratedTestDb } from '../../../../test/helpers/migrated-db.js';
import { pasteRow } from '../../../../test/helpers/pastes.js';
import { findLivePaste } from './live-paste.repository.js';

const testDb = withMigratedTestDb();

describe('the live paste read', () => {
  it('reads every column into its own field, with the author’s', async () => {
    const [author] = await testDb()
      .kysely.insertInto('users')
      .values({
        username: 'Vera',
        username_key: 'vera',
        email: 'vera@example.com',
        role: 'vip',
        password_hash: 'x',
        created_at: 5,
        vip_activated_at: 6,
        vip_banner_url: 'https://i.imgur.com/b.png',
        vip_banner_link: 'https://example.com',
        email_verified: 1,
      })
      .returning('id')
      .execute();
    const stored = pasteRow('every1', {
      title: 'a title',
      content: 'some "text"\n',
      size_bytes: 13,
      privacy: 'password',
      password_hash: 'hash',
      expiration: '1w',
      expires_at: 9_000,
      burn_after_reading: 1,
      burn_claimed_at: 8_000,
      creator_token_hash: 'token',
      status: 'processing',
      language: 'python',
      view_count: 41,
      user_id: author!.id,
      created_at: 7_000,
      sweep_claimed_at: 3,
      revision_count: 4,
      edited_at: 7_500,
      forked_from: 'source1',
      encryption: 1,
      sealed_title: 'sealed-title',
      held_reason: 'rule',
      held_at: 7_200,
      files: JSON.stringify([{ name: 'a.py', language: 'python', bytes: 13 }]),
    });
    await testDb().kysely.insertInto('pastes').values(stored).execute();
    await testDb()
      .kysely.insertInto('paste_tags')
      .values([
        { paste_id: 'every1', tag: 'zeta' },
        { paste_id: 'every1', tag: 'alpha' },
      ])
      .execute();
    // The sweeper's claim and when a hold began are not the read's business.
    const { sweep_claimed_at: _, held_at: _heldAt, ...rest } = stored;
    expect(await findLivePaste(testDb(), 'every1', 8_500)).toEqual({
      ...rest,
      content_json: JSON.stringify(rest.content),
      author_username: 'Vera',
      author_role: 'vip',
      author_banner_url: 'https://i.imgur.com/b.png',
      author_banner_link: 'https://example.com',
      author_vip_activated_at: 6,
      // Its tags, space-separated, in whatever order the database gathers them.
      tags: expect.stringMatching(/^(alpha zeta|zeta alpha)$/),
    });
    expect(await findLivePaste(testDb(), 'every1', 9_000)).toBeUndefined();
  });

  it('gives inline content back as it was stored, and quoted by the database exactly as JSON.stringify would', async () => {
    // Inline content never holds NUL (such content goes to the blob store, see storeContent).
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', minLength: 1_000, maxLength: 20_000 }),
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        text.filter((s) => !s.includes('\u0000')),
        async (content) => {
          const id = `q${n++}`;
          await testDb().kysely.insertInto('pastes').values(pasteRow(id, { content })).execute();
          const row = await findLivePaste(testDb(), id, 0);
          expect(row?.content).toBe(content);
          expect(row?.content_json).toBe(JSON.stringify(content));
        },
      ),
      { numRuns: 80 },
    );
    // Every control character and the two JavaScript line terminators, in one paste.
    const controls = `${Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('')}"\\\u007f\u2028\u2029`;
    await testDb()
      .kysely.insertInto('pastes')
      .values(pasteRow('controls', { content: controls }))
      .execute();
    expect((await findLivePaste(testDb(), 'controls', 0))?.content_json).toBe(JSON.stringify(controls));
  });

  it('has no quoted content for a paste whose content is in the blob store', async () => {
    await testDb()
      .kysely.insertInto('pastes')
      .values(pasteRow('blob', { content: null, blob_key: 'pastes/x', size_bytes: 20 * 1024 * 1024 }))
      .execute();
    const row = await findLivePaste(testDb(), 'blob', 0);
    expect(row?.content).toBeNull();
    expect(row?.content_json).toBeNull();
  });
});

describe('live paste reads at once', () => {
  it('give each reader its own paste, or nothing for one missing or expired (batched on PostgreSQL)', async () => {
    await testDb()
      .kysely.insertInto('pastes')
      .values([
        pasteRow('r1', { title: 'one' }),
        pasteRow('r2', { title: 'two' }),
        pasteRow('gone', { expires_at: 50 }),
      ])
      .execute();
    const ids = ['r1', 'nope', 'r2', 'gone', 'r1', 'r2'];
    const rows = await Promise.all(ids.map((id) => findLivePaste(testDb(), id, 100)));
    expect(rows.map((r) => r?.title ?? null)).toEqual(['one', null, 'two', null, 'one', 'two']);
    expect(rows[0]).not.toBe(rows[4]);
  });
});
