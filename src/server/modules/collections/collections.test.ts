import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { createPaste, pasteRow } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { COLLECTION_PASTES_MAX } from '../../../common/constants.js';
import { COLLECTION_MESSAGES } from '../../../common/schemas/collections.js';

/**
 * Collections over HTTP: who opens each privacy, what each reader sees of the pastes in it (only
 * what they may read: never widened, never counted), who edits, limits, order, and the audit log.
 */
const t = withTestApp({ each: false });

type Who = Awaited<ReturnType<typeof signedIn>>;
let author: Who;
let named: Who;
let teamMember: Who;
let other: Who;
let staff: Who;
let slug: string;
const pasteIds: Record<'open' | 'unlisted' | 'sharedNamed', string> = {
  open: '',
  unlisted: '',
  sharedNamed: '',
};

beforeAll(async () => {
  [author, named, teamMember, other, staff] = [
    await signedIn(t),
    await signedIn(t),
    await signedIn(t),
    await signedIn(t),
    await signedIn(t, 'manager'),
  ];
  slug = `coll-team-${Date.now().toString(36)}`;
  expect((await author.client.post('/api/teams', { name: 'Runbooks', slug })).status).toBe(201);
  await author.client.put(`/api/teams/${slug}/members`, { username: teamMember.user.username });
  pasteIds.open = (await createPaste(author.client, { title: 'Open one', language: 'python' })).id;
  pasteIds.unlisted = (await createPaste(author.client, { title: 'Link only', privacy: 'unlisted' })).id;
  pasteIds.sharedNamed = (await createPaste(author.client, { title: 'For named', privacy: 'shared' })).id;
  const shared = await author.client.put(`/api/pastes/${pasteIds.sharedNamed}/shares`, {
    users: [named.user.username],
  });
  expect(shared.status).toBe(200);
}, 120_000);

async function collectionWith(owner: HttpClient, body: Record<string, unknown>, pastes: string[]) {
  const res = await owner.post('/api/collections', { name: 'Incident 42', description: 'Logs', ...body });
  expect(res.status, res.text).toBe(201);
  const id = res.body.collection.id as string;
  for (const p of pastes) {
    const added = await owner.post(`/api/collections/${id}/pastes/${p}`);
    expect(added.status, added.text).toBe(200);
  }
  return id;
}

const readers = () => ({
  visitor: t.client(),
  author: author.client,
  teamMember: teamMember.client,
  named: named.client,
  other: other.client,
  staff: staff.client,
});

describe('collections: every privacy × reader', () => {
  // Who opens it, and which of its pastes (open, unlisted, shared with `named`) each one sees.
  const everyPaste = ['open', 'unlisted', 'sharedNamed'] as const;
  const linkPastes = ['open', 'unlisted'] as const;
  const cases = {
    public: {
      visitor: linkPastes,
      author: everyPaste,
      teamMember: linkPastes,
      named: everyPaste,
      other: linkPastes,
      staff: everyPaste,
    },
    unlisted: {
      visitor: linkPastes,
      author: everyPaste,
      teamMember: linkPastes,
      named: everyPaste,
      other: linkPastes,
      staff: everyPaste,
    },
    // Shared with the team: not with `named`, who reads one of its pastes but not the collection.
    shared: {
      visitor: null,
      author: everyPaste,
      teamMember: linkPastes,
      named: null,
      other: null,
      staff: everyPaste,
    },
  } as const;

  for (const [privacy, expected] of Object.entries(cases)) {
    it(`${privacy}: each reader opens it or not, and sees only the pastes they may read`, async () => {
      const id = await collectionWith(
        author.client,
        { privacy, ...(privacy === 'shared' ? { shares: { teams: [slug] } } : {}) },
        [pasteIds.open, pasteIds.unlisted, pasteIds.sharedNamed],
      );
      for (const [name, client] of Object.entries(readers())) {
        const res = await client.get(`/api/collections/${id}`);
        const sees = expected[name as keyof typeof expected];
        if (sees === null) {
          expect(res.status, name).toBe(404);
          expect(res.body.message).toBe(COLLECTION_MESSAGES.notFound);
          expect(res.text).not.toContain('Incident 42');
          continue;
        }
        expect(res.status, `${name}: ${res.text}`).toBe(200);
        expect(
          res.body.pastes.map((p: { id: string }) => p.id),
          name,
        ).toEqual(sees.map((k) => pasteIds[k]));
        // A paste the reader may not read is not named anywhere in the answer.
        if (!sees.includes('sharedNamed' as never)) expect(res.text, name).not.toContain('For named');
        expect(res.headers.get('x-robots-tag'), name).toBe(privacy === 'public' ? null : 'noindex');
        expect(res.headers.get('cache-control'), name).toBe('no-store');
      }
      const open = await t.client().get(`/api/collections/${id}`);
      if (open.status === 200) {
        expect(open.body.pastes[0]).toMatchObject({
          title: 'Open one',
          language: 'python',
          author: author.user.username,
          privacy: 'public',
        });
      }
    });
  }

  it('staff opening a shared collection that does not name them is audited', async () => {
    const id = await collectionWith(author.client, { privacy: 'shared' }, [pasteIds.open]);
    const res = await staff.client.get(`/api/collections/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.collection.staffAccess).toBe(true);
    expect((await author.client.get(`/api/collections/${id}`)).body.collection.staffAccess).toBe(false);
    const entries = await auditOf(id);
    expect(entries.map((e) => [e.action, e.actor_username])).toContainEqual([
      'collection.staff_read',
      staff.user.username,
    ]);
  });

  it('never widens a paste: a share taken back takes it out of the collection for that reader', async () => {
    const secret = (await createPaste(author.client, { title: 'Briefly shared', privacy: 'shared' })).id;
    await author.client.put(`/api/pastes/${secret}/shares`, { users: [named.user.username] });
    const id = await collectionWith(author.client, { privacy: 'public' }, [pasteIds.open, secret]);
    const ids = async (c: HttpClient) =>
      (await c.get(`/api/collections/${id}`)).body.pastes.map((p: { id: string }) => p.id);
    expect(await ids(named.client)).toEqual([pasteIds.open, secret]);
    await author.client.put(`/api/pastes/${secret}/shares`, { users: [] });
    expect(await ids(named.client)).toEqual([pasteIds.open]);
    expect(await ids(author.client)).toEqual([pasteIds.open, secret]);
  });
});

async function auditOf(id: string) {
  return t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'actor_username', 'details'])
    .where('target_type', '=', 'collection')
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();
}

describe('collections: editing', () => {
  it('only the owner adds; only own or public pastes can be added; each change is audited', async () => {
    const id = await collectionWith(author.client, { privacy: 'public' }, []);
    const othersUnlisted = (await createPaste(other.client, { privacy: 'unlisted' })).id;
    const othersPublic = (await createPaste(other.client, { title: 'Someone else’s' })).id;
    const notAddable = await author.client.post(`/api/collections/${id}/pastes/${othersUnlisted}`);
    expect(notAddable.status).toBe(403);
    expect(notAddable.body.message).toBe(COLLECTION_MESSAGES.pasteNotAddable);
    expect((await author.client.post(`/api/collections/${id}/pastes/${othersPublic}`)).status).toBe(200);
    const missing = await author.client.post(`/api/collections/${id}/pastes/nosuchpaste1`);
    expect(missing.status).toBe(404);
    const byOther = await other.client.post(`/api/collections/${id}/pastes/${othersPublic}`);
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(COLLECTION_MESSAGES.notEditor);
    expect((await t.client().post(`/api/collections/${id}/pastes/${othersPublic}`)).status).toBe(401);
    expect((await other.client.request('PATCH', `/api/collections/${id}`, { name: 'Mine now' })).status).toBe(
      403,
    );
    expect((await other.client.delete(`/api/collections/${id}`)).status).toBe(403);
    const renamed = await author.client.request('PATCH', `/api/collections/${id}`, {
      name: '  Runbook  ',
      description: 'Steps',
    });
    expect(renamed.body.collection).toMatchObject({ name: 'Runbook', description: 'Steps', canEdit: true });
    expect((await author.client.delete(`/api/collections/${id}/pastes/${othersPublic}`)).status).toBe(200);
    expect((await author.client.delete(`/api/collections/${id}/pastes/${othersPublic}`)).status).toBe(404);
    expect((await author.client.delete(`/api/collections/${id}`)).status).toBe(200);
    expect((await author.client.get(`/api/collections/${id}`)).status).toBe(404);
    expect((await auditOf(id)).map((e) => e.action)).toEqual([
      'collection.create',
      'collection.paste_add',
      'collection.update',
      'collection.paste_remove',
      'collection.delete',
    ]);
  });

  it('a team collection: members edit its content, only owners change privacy or delete it', async () => {
    const id = await collectionWith(author.client, { privacy: 'shared', team: slug }, [pasteIds.open]);
    const created = await author.client.get(`/api/collections/${id}`);
    expect(created.body.collection.owner).toEqual({ type: 'team', slug, name: 'Runbooks' });
    const own = (await createPaste(teamMember.client, { title: 'Member paste' })).id;
    expect((await teamMember.client.post(`/api/collections/${id}/pastes/${own}`)).status).toBe(200);
    const renamed = await teamMember.client.request('PATCH', `/api/collections/${id}`, { name: 'Team book' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.collection).toMatchObject({ canEdit: true, canManage: false });
    const privacy = await teamMember.client.request('PATCH', `/api/collections/${id}`, { privacy: 'public' });
    expect(privacy.status).toBe(403);
    expect(privacy.body.message).toBe(COLLECTION_MESSAGES.notManager);
    expect((await teamMember.client.delete(`/api/collections/${id}`)).status).toBe(403);
    expect((await other.client.get(`/api/collections/${id}`)).status).toBe(404);
    const mine = await teamMember.client.get('/api/collections');
    expect(mine.body.collections.map((c: { id: string }) => c.id)).toContain(id);
    expect(
      (await other.client.get('/api/collections')).body.collections.map((c: { id: string }) => c.id),
    ).not.toContain(id);
    const notInTeam = await other.client.post('/api/collections', { name: 'X', team: slug });
    expect(notInTeam.status).toBe(400);
    expect(notInTeam.body.message).toBe(COLLECTION_MESSAGES.teamNotMember(slug));
  });

  it('reorders what the editor sees; pastes they may not read keep their places', async () => {
    // A team collection holding the author's paste shared with `named` only: the member never sees it.
    const id = await collectionWith(author.client, { privacy: 'unlisted', team: slug }, [
      pasteIds.open,
      pasteIds.sharedNamed,
      pasteIds.unlisted,
    ]);
    const extra = (await createPaste(teamMember.client, { title: 'Third' })).id;
    await teamMember.client.post(`/api/collections/${id}/pastes/${extra}`);
    const hidden = await teamMember.client.request('PATCH', `/api/collections/${id}`, {
      order: [pasteIds.sharedNamed, pasteIds.open],
    });
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toBe(COLLECTION_MESSAGES.pasteNotInCollection);
    const dup = await teamMember.client.request('PATCH', `/api/collections/${id}`, {
      order: [pasteIds.open, pasteIds.open],
    });
    expect(dup.body.message).toBe(COLLECTION_MESSAGES.orderDuplicate);
    const moved = await teamMember.client.request('PATCH', `/api/collections/${id}`, {
      order: [extra, pasteIds.unlisted, pasteIds.open],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.pastes.map((p: { id: string }) => p.id)).toEqual([
      extra,
      pasteIds.unlisted,
      pasteIds.open,
    ]);
    const asAuthor = await author.client.get(`/api/collections/${id}`);
    expect(asAuthor.body.pastes.map((p: { id: string }) => p.id)).toEqual([
      extra,
      pasteIds.sharedNamed,
      pasteIds.unlisted,
      pasteIds.open,
    ]);
  });
});

describe('collections: limits', () => {
  it('refuse a long name or description, a blank name, and shares on a collection not shared', async () => {
    for (const [body, message] of [
      [{ name: 'x'.repeat(101) }, COLLECTION_MESSAGES.nameTooLong],
      [{ name: '   ' }, COLLECTION_MESSAGES.nameRequired],
      [{ name: 'ok', description: 'd'.repeat(2001) }, COLLECTION_MESSAGES.descriptionTooLong],
      [
        { name: 'ok', privacy: 'public', shares: { users: [named.user.username] } },
        COLLECTION_MESSAGES.sharesNeedShared,
      ],
    ] as const) {
      const res = await other.client.post('/api/collections', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await other.client.get('/api/collections')).body.collections).toEqual([]);
  });

  it(`hold at most ${COLLECTION_PASTES_MAX} pastes`, async () => {
    const id = await collectionWith(other.client, { privacy: 'public' }, []);
    const now = t.clock.now();
    const rows = Array.from({ length: COLLECTION_PASTES_MAX + 1 }, (_, i) =>
      pasteRow(`lim${id.slice(0, 6)}${i}`.replace(/[^A-Za-z0-9]/g, 'x'), {
        user_id: other.user.id,
        created_at: now,
      }),
    );
    await t.db.kysely.insertInto('pastes').values(rows).execute();
    await t.db.kysely
      .insertInto('collection_pastes')
      .values(
        rows.slice(0, COLLECTION_PASTES_MAX).map((r, i) => ({
          collection_id: id,
          paste_id: r.id,
          position: i + 1,
          added_by: other.user.id,
          added_at: now,
        })),
      )
      .execute();
    const full = await other.client.post(`/api/collections/${id}/pastes/${rows.at(-1)!.id}`);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(COLLECTION_MESSAGES.tooManyPastes);
    // One already in it is no change, full or not.
    expect((await other.client.post(`/api/collections/${id}/pastes/${rows[0]!.id}`)).status).toBe(200);
    expect((await other.client.get(`/api/collections/${id}`)).body.pastes).toHaveLength(
      COLLECTION_PASTES_MAX,
    );
  });
});
