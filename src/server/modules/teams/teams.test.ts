import { describe, expect, it } from 'vitest';
import { type createUser, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { TEAM_MESSAGES } from '../../../common/schemas/teams.js';

/** Teams over HTTP: who creates, sees and manages them, and the audit log's record of each change. */
const t = withTestApp({ each: false });

type Account = Awaited<ReturnType<typeof createUser>>;
let n = 0;
const newSlug = () => `team-${Date.now().toString(36)}-${++n}`;

async function auditOf(slug: string) {
  return t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'actor_username', 'details'])
    .where('target_type', '=', 'team')
    .where('target_id', '=', slug)
    .orderBy('id')
    .execute();
}

async function teamWith(owner: Awaited<ReturnType<typeof signedIn>>, members: Account[] = []) {
  const slug = newSlug();
  const res = await owner.client.post('/api/teams', { name: 'Platform', slug, description: 'On call' });
  expect(res.status).toBe(201);
  for (const m of members) {
    expect((await owner.client.put(`/api/teams/${slug}/members`, { username: m.username })).status).toBe(200);
  }
  return slug;
}

describe('teams', () => {
  it('are created by a signed-in person, who owns them, and appear in their list', async () => {
    const owner = await signedIn(t);
    const slug = newSlug();
    const res = await owner.client.post('/api/teams', { name: '  Platform  ', slug, description: 'On call' });
    expect(res.status).toBe(201);
    expect(res.body.team).toMatchObject({
      slug,
      name: 'Platform',
      description: 'On call',
      memberCount: 1,
      myRole: 'owner',
    });
    expect(res.body.members).toEqual([
      { username: owner.user.username, role: 'owner', addedAt: expect.any(String), syncedFrom: null },
    ]);
    const mine = await owner.client.get('/api/teams');
    expect(mine.body.teams.map((x: { slug: string }) => x.slug)).toContain(slug);
    expect(await auditOf(slug)).toEqual([
      {
        action: 'team.create',
        actor_username: owner.user.username,
        details: JSON.stringify({ name: 'Platform' }),
      },
    ]);
  });

  it('refuse a taken or malformed address, and a blank name, creating nothing', async () => {
    const owner = await signedIn(t);
    const slug = await teamWith(owner);
    const other = await signedIn(t);
    const taken = await other.client.post('/api/teams', { name: 'Again', slug });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(TEAM_MESSAGES.slugTaken);
    for (const [body, message] of [
      [{ name: 'X', slug: 'Has Spaces' }, TEAM_MESSAGES.slugInvalid],
      [{ name: 'X', slug: '-leading' }, TEAM_MESSAGES.slugInvalid],
      [{ name: '   ', slug: newSlug() }, TEAM_MESSAGES.nameRequired],
    ] as const) {
      const res = await other.client.post('/api/teams', body);
      expect(res.status).toBe(400);
      // Schema refusals name their field first.
      expect(res.body.message).toMatch(
        new RegExp(`^(slug|name): ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
    }
    expect((await other.client.get('/api/teams')).body.teams).toEqual([]);
  });

  it('are seen by members and staff only; to anyone else they do not exist', async () => {
    const owner = await signedIn(t);
    const member = await signedIn(t);
    const slug = await teamWith(owner, [member.user]);
    const outsider = await signedIn(t);
    const manager = await signedIn(t, 'manager');
    expect((await member.client.get(`/api/teams/${slug}`)).body.team.myRole).toBe('member');
    const seen = await manager.client.get(`/api/teams/${slug}`);
    expect(seen.status).toBe(200);
    expect(seen.body.team.myRole).toBeNull();
    const hidden = await outsider.client.get(`/api/teams/${slug}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(TEAM_MESSAGES.notFound);
    expect(
      (await outsider.client.put(`/api/teams/${slug}/members`, { username: outsider.user.username })).status,
    ).toBe(404);
    const all = await manager.client.get('/api/admin/teams');
    expect(all.body.teams.find((x: { slug: string }) => x.slug === slug)).toMatchObject({ memberCount: 2 });
    expect((await member.client.get('/api/admin/teams')).status).toBe(403);
  });

  it('are managed by their owners and staff, not by members', async () => {
    const owner = await signedIn(t);
    const member = await signedIn(t);
    const slug = await teamWith(owner, [member.user]);
    const third = await signedIn(t);
    const refused = await member.client.put(`/api/teams/${slug}/members`, { username: third.user.username });
    expect(refused.status).toBe(403);
    expect((await t.client().request('PATCH', `/api/teams/${slug}`, { name: 'x' })).status).toBe(401);
    expect((await member.client.request('PATCH', `/api/teams/${slug}`, { name: 'Renamed' })).status).toBe(
      403,
    );
    const admin = await signedIn(t, 'admin');
    const renamed = await admin.client.request('PATCH', `/api/teams/${slug}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.team.name).toBe('Renamed');
    const promoted = await owner.client.put(`/api/teams/${slug}/members`, {
      username: member.user.username,
      role: 'owner',
    });
    expect(
      promoted.body.members.find((m: { username: string }) => m.username === member.user.username).role,
    ).toBe('owner');
    const unknown = await owner.client.put(`/api/teams/${slug}/members`, { username: 'nobody-called-this' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(TEAM_MESSAGES.userNotFound);
    expect((await auditOf(slug)).map((e) => [e.action, e.actor_username])).toEqual([
      ['team.create', owner.user.username],
      ['team.member_add', owner.user.username],
      ['team.update', admin.user.username],
      ['team.member_role', owner.user.username],
    ]);
  });

  it('keep at least one owner; a member may leave; deleting a team ends it for all', async () => {
    const owner = await signedIn(t);
    const member = await signedIn(t);
    const slug = await teamWith(owner, [member.user]);
    const lastOwner = await owner.client.delete(`/api/teams/${slug}/members/${owner.user.username}`);
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.message).toBe(TEAM_MESSAGES.lastOwner);
    const demote = await owner.client.put(`/api/teams/${slug}/members`, {
      username: owner.user.username,
      role: 'member',
    });
    expect(demote.status).toBe(409);
    const left = await member.client.delete(`/api/teams/${slug}/members/${member.user.username}`);
    expect(left.status).toBe(200);
    expect((await member.client.get(`/api/teams/${slug}`)).status).toBe(404);
    expect((await member.client.delete(`/api/teams/${slug}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/teams/${slug}`)).status).toBe(200);
    expect((await owner.client.get(`/api/teams/${slug}`)).status).toBe(404);
    expect((await auditOf(slug)).map((e) => e.action)).toEqual([
      'team.create',
      'team.member_add',
      'team.member_remove',
      'team.delete',
    ]);
  });
});
