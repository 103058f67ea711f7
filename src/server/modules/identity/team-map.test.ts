import { afterAll, describe, expect, it } from 'vitest';
import { signInWithProvider } from '../../../../test/helpers/identity.js';
import { startOidcProvider } from '../../../../test/helpers/oidc-provider.js';
import { startSlapd } from '../../../../test/helpers/slapd.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';

/**
 * Provider groups → teams: at each sign-in through a real OpenID provider or a real OpenLDAP
 * directory, the person joins the teams of their groups and leaves those of groups they left —
 * only where the mapping made the membership; a hand-added member and an owner stay.
 */
const op = await startOidcProvider({});
const directory = await startSlapd([{ uid: 'lara', password: 'lara-directory-pw' }]);
afterAll(async () => {
  await op.close();
  await directory.close();
});

const logs: string[] = [];
const t = withTestApp({
  logStream: { write: (line: string) => void logs.push(line) },
  env: {
    LOG_LEVEL: 'warn',
    OIDC_PROVIDERS: JSON.stringify([
      op.envEntry('corp', {
        name: 'Corp SSO',
        teamMap: { 'ops-staff': 'ops', 'dev-staff': 'dev', ghosts: 'no-such-team' },
      }),
    ]),
    LDAP_PROVIDERS: JSON.stringify([
      directory.envEntry('corp-ldap', { name: 'Corp Directory', teamMap: { 'paste-ops': 'ops' } }),
    ]),
  },
});

type Member = { username: string; role: string; syncedFrom: string | null };

/** An owner (a local account) with the teams `ops` and `dev`. */
async function teamsOwner() {
  const owner = await signedIn(t);
  for (const slug of ['ops', 'dev']) {
    expect((await owner.client.post('/api/teams', { name: slug, slug })).status).toBe(201);
  }
  const members = async (slug: string): Promise<Member[]> => {
    const res = await owner.client.get(`/api/teams/${slug}`);
    expect(res.status, res.text).toBe(200);
    return res.body.members.filter((m: Member) => m.username !== owner.user.username);
  };
  return { ...owner, members };
}

/** Signs `login` in through the OpenID provider with these groups. */
async function oidcSignIn(login: string, groups: string[]) {
  op.setUser(login, { password: 'pw', claims: { preferred_username: login, groups } });
  const c = t.client();
  await signInWithProvider(c, 'corp', login, 'pw');
  expect((await c.get('/api/user')).body.username).toBe(login);
  return c;
}

async function teamAudit(actor: string) {
  const admin = await loginClient(t, ADMIN.username, ADMIN.password);
  const res = await admin.get(`/api/admin/audit?actor=${actor}`);
  return (res.body.entries as { action: string; targetId: string; details: unknown }[])
    .filter((e) => e.action === 'team.member_add' || e.action === 'team.member_remove')
    .map((e) => ({ action: e.action, team: e.targetId, details: e.details }))
    .reverse();
}

describe('provider groups → teams (OpenID Connect)', () => {
  it('joins at the first sign-in, follows the group at the next, each change audited', async () => {
    const owner = await teamsOwner();
    await oidcSignIn('erin', ['ops-staff', 'ghosts']);
    expect(await owner.members('ops')).toEqual([
      expect.objectContaining({ username: 'erin', role: 'member', syncedFrom: 'corp' }),
    ]);
    expect(await owner.members('dev')).toEqual([]);
    // A mapped team that does not exist is skipped, with a line in the log.
    expect(logs.findLast((l) => l.includes('team map names teams that do not exist'))).toContain(
      'no-such-team',
    );

    await oidcSignIn('erin', ['/eng/dev-staff']);
    expect(await owner.members('ops')).toEqual([]);
    expect(await owner.members('dev')).toEqual([
      expect.objectContaining({ username: 'erin', syncedFrom: 'corp' }),
    ]);
    // The same groups again change nothing.
    await oidcSignIn('erin', ['/eng/dev-staff']);

    const via = { provider: 'corp', source: 'group mapping' };
    // Within one sign-in, joins are recorded before leaves.
    expect(await teamAudit('erin')).toEqual([
      { action: 'team.member_add', team: 'ops', details: { member: 'erin', role: 'member', ...via } },
      { action: 'team.member_add', team: 'dev', details: { member: 'erin', role: 'member', ...via } },
      { action: 'team.member_remove', team: 'ops', details: { member: 'erin', ...via } },
    ]);
    // The person now reads the team as a member.
    const erin = await oidcSignIn('erin', ['dev-staff']);
    expect((await erin.get('/api/teams')).body.teams.map((x: { slug: string }) => x.slug)).toEqual(['dev']);
  });

  it('never removes a member an owner added by hand, nor one an owner took over', async () => {
    const owner = await teamsOwner();
    // frank signs in once (no groups), then the owner adds him by hand.
    await oidcSignIn('frank', []);
    expect((await owner.client.put('/api/teams/ops/members', { username: 'frank' })).status).toBe(200);
    await oidcSignIn('frank', ['ops-staff']);
    await oidcSignIn('frank', []);
    expect(await owner.members('ops')).toEqual([
      expect.objectContaining({ username: 'frank', syncedFrom: null }),
    ]);

    // gina joins through her group; the owner adds her again by hand: the membership is theirs now.
    await oidcSignIn('gina', ['ops-staff']);
    expect((await owner.client.put('/api/teams/ops/members', { username: 'gina' })).status).toBe(200);
    await oidcSignIn('gina', []);
    expect((await owner.members('ops')).map((m) => [m.username, m.syncedFrom])).toEqual([
      ['frank', null],
      ['gina', null],
    ]);
  });

  it('keeps an owner, whether made owner after joining or owner from the start', async () => {
    const owner = await teamsOwner();
    await oidcSignIn('hal', ['ops-staff']);
    expect(
      (await owner.client.put('/api/teams/ops/members', { username: 'hal', role: 'owner' })).status,
    ).toBe(200);
    await oidcSignIn('hal', []);
    expect(await owner.members('ops')).toEqual([
      expect.objectContaining({ username: 'hal', role: 'owner', syncedFrom: null }),
    ]);

    // ida creates a team mapped to a group she is not in: she stays its owner.
    const ida = await oidcSignIn('ida', []);
    expect((await owner.client.delete('/api/teams/dev')).status).toBe(200);
    expect((await ida.post('/api/teams', { name: 'Dev', slug: 'dev' })).status).toBe(201);
    await oidcSignIn('ida', ['ops-staff']);
    const dev = await ida.get('/api/teams/dev');
    expect(dev.body.members).toEqual([expect.objectContaining({ username: 'ida', role: 'owner' })]);
    expect(await teamAudit('ida')).toEqual([
      expect.objectContaining({
        action: 'team.member_add',
        details: expect.objectContaining({ member: 'ida' }),
      }),
    ]);
  });
});

describe('provider groups → teams (LDAP)', () => {
  it('joins the team of a directory group and leaves it when taken out of the group', async () => {
    const owner = await teamsOwner();
    const login = async () => {
      const res = await t.client().post('/api/auth/ldap/corp-ldap/login', {
        username: 'lara',
        password: 'lara-directory-pw',
        captchaToken: CAPTCHA_BYPASS_TOKEN,
      });
      expect(res.status, res.text).toBe(200);
    };
    await directory.setGroup('paste-ops', ['lara']);
    await login();
    expect(await owner.members('ops')).toEqual([
      expect.objectContaining({ username: 'lara', role: 'member', syncedFrom: 'corp-ldap' }),
    ]);
    await directory.setGroup('paste-ops', []);
    await login();
    expect(await owner.members('ops')).toEqual([]);
  });
});

describe('the team map in the admin panel', () => {
  it('refuses a map to a team that does not exist, or to an address that cannot be one', async () => {
    await teamsOwner();
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const provider = (teamMap: Record<string, string>) => ({
      providers: [
        {
          kind: 'ldap',
          id: 'panel-ldap',
          name: 'Panel Directory',
          enabled: true,
          url: directory.url,
          caCert: directory.caCert,
          bindDn: '',
          bindPassword: '',
          searchBase: 'dc=example,dc=org',
          searchFilter: '(uid={username})',
          usernameAttribute: 'uid',
          emailAttribute: 'mail',
          groupAttribute: 'memberOf',
          roleMap: {},
          teamMap,
        },
      ],
    });
    const unknown = await admin.put('/api/admin/identity', provider({ staff: 'ops', others: 'nope' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('panel-ldap: No team has the address nope');
    const malformed = await admin.put('/api/admin/identity', provider({ staff: 'Not A Slug' }));
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('Each group maps to a team address');
    expect((await admin.get('/api/admin/identity')).body.providers).toHaveLength(2);

    const saved = await admin.put('/api/admin/identity', provider({ staff: 'ops' }));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.providers[2]).toMatchObject({ id: 'panel-ldap', teamMap: { staff: 'ops' } });
  });
});
