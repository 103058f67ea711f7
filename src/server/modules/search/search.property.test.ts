import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { maySearchPaste } from '../../../common/policies.js';

/**
 * Search never returns what its reader may not find, and finds all they may: random pastes
 * (privacy, burn, expiry, held, shared with people or teams) and random readers, the answer
 * checked against maySearchPaste, the rule written once in common/policies.ts.
 */
const t = withTestApp({ each: false });

type Reader = { name: string; id: number | null; client: HttpClient };

const pasteArb = fc.record({
  author: fc.integer({ min: 0, max: 3 }),
  privacy: fc.constantFrom('public', 'unlisted', 'password', 'shared'),
  burn: fc.boolean(),
  expired: fc.boolean(),
  held: fc.boolean(),
  /** Readers named by the author (indexes into the signed-in readers), and whether the team is. */
  named: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
  team: fc.boolean(),
  inTitle: fc.boolean(),
});

describe('search, for random pastes and readers', () => {
  it('returns exactly the pastes each reader may find, on this database', async () => {
    const accounts = await Promise.all([0, 1, 2, 3].map(() => signedIn(t)));
    const admin = await signedIn(t, 'admin');
    // Readers 2 and 3 are in the team; 0 and 1 are not.
    const slug = `prop-${Date.now().toString(36)}`;
    await accounts[2]!.client.post('/api/teams', { name: 'Prop', slug });
    for (const i of [0, 1, 3])
      await accounts[2]!.client.put(`/api/teams/${slug}/members`, { username: accounts[i]!.user.username });
    const readers: Reader[] = [
      ...accounts.map((a, i) => ({ name: `user${i}`, id: a.user.id, client: a.client })),
      { name: 'visitor', id: null, client: t.client() },
      { name: 'admin', id: admin.user.id, client: admin.client },
    ];
    const teamIds = new Set([
      accounts[2]!.user.id,
      accounts[3]!.user.id,
      accounts[0]!.user.id,
      accounts[1]!.user.id,
    ]);
    let run = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(pasteArb, { minLength: 1, maxLength: 8 }), async (specs) => {
        const word = `prop${Date.now().toString(36)}r${++run}`;
        const made: { id: string; spec: (typeof specs)[number]; namedIds: Set<number> }[] = [];
        for (const spec of specs) {
          const author = accounts[spec.author]!;
          const { id } = await createPaste(author.client, {
            title: spec.inTitle ? `title ${word}` : 'plain title',
            content: `line one\nthe ${word} line`,
            privacy: spec.privacy,
            password: spec.privacy === 'password' ? 'pw-123456' : '',
            expiration: spec.burn ? 'burn' : spec.expired ? '1h' : '1d',
          });
          const namedIds = new Set<number>();
          if (spec.privacy === 'shared') {
            const users = spec.named.filter((i) => i !== spec.author).map((i) => accounts[i]!.user.username);
            const teams = spec.team ? [slug] : [];
            await author.client.put(`/api/pastes/${id}/shares`, { users, teams });
            for (const i of spec.named) namedIds.add(accounts[i]!.user.id);
            // The author shares with a team they are in (every account is).
            if (spec.team) for (const uid of teamIds) namedIds.add(uid);
          }
          if (spec.held) {
            await t.db.kysely
              .updateTable('pastes')
              .set({ held_reason: 'rule', held_at: t.clock.now() })
              .where('id', '=', id)
              .execute();
          }
          made.push({ id, spec, namedIds });
        }
        // Expire the expiring ones (and move on: later runs' pastes are made after this).
        t.clock.advance(2 * 3_600_000);
        for (const reader of readers) {
          const res = await reader.client.get(`/api/search?q=${word}`);
          expect(res.status).toBe(200);
          const found = new Set(res.body.results.map((r: { id: string }) => r.id));
          const expected = made.filter(({ spec, namedIds }) => {
            if (spec.expired && !spec.burn) return false;
            const isAuthor = reader.id === accounts[spec.author]!.user.id;
            const textSearchable = spec.privacy !== 'password' && !spec.burn;
            const may = maySearchPaste(
              { privacy: spec.privacy, held: spec.held, textSearchable },
              { isAuthor, isNamed: reader.id !== null && namedIds.has(reader.id) },
            );
            // A paste found by its title only (text not searchable) needs the word in its title.
            return may && (textSearchable || spec.inTitle);
          });
          expect([...found].sort(), `${reader.name} searching ${JSON.stringify(specs)}`).toEqual(
            expected.map((m) => m.id).sort(),
          );
        }
      }),
      { numRuns: 12 },
    );
  });
});
