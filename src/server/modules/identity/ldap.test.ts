import { afterAll, describe, expect, it } from 'vitest';
import { startSlapd } from '../../../../test/helpers/slapd.js';
import { ADMIN, createUser, loginClient, withTestApp } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';
import { verifyPassword } from '../../lib/passwords.js';

/**
 * Sign-in against a real OpenLDAP directory (Debian's slapd, started here with its own config),
 * over StartTLS checked against the test's own CA, and over ldaps://.
 */
const directory = await startSlapd([
  { uid: 'lara', password: 'lara-directory-pw', mail: 'lara@corp.example' },
  { uid: 'mo', password: 'mo-directory-pw' },
]);
await directory.setGroup('paste-mods', ['lara']);
afterAll(() => directory.close());

const logs: string[] = [];
const t = withTestApp({
  logStream: { write: (line: string) => void logs.push(line) },
  env: {
    LOG_LEVEL: 'warn',
    LDAP_PROVIDERS: JSON.stringify([
      directory.envEntry('corp-ldap', {
        name: 'Corp Directory',
        roleMap: { 'paste-admins': 'admin', 'paste-mods': 'manager' },
      }),
      directory.envEntry('corp-ldaps', { name: 'Corp Directory (LDAPS)', url: directory.ldapsUrl }),
    ]),
  },
});

const login = (c: ReturnType<typeof t.client>, provider: string, username: string, password: string) =>
  c.post(`/api/auth/ldap/${provider}/login`, { username, password, captchaToken: CAPTCHA_BYPASS_TOKEN });

describe('sign-in against an LDAP directory', () => {
  it('binds as the person, creates the account with its groups’ role, and keeps no password', async () => {
    expect((await t.client().get('/api/auth/providers')).body).toContainEqual({
      id: 'corp-ldap',
      name: 'Corp Directory',
      kind: 'ldap',
    });
    const c = t.client();
    const res = await login(c, 'corp-ldap', 'lara', 'lara-directory-pw');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ username: 'lara', role: 'manager' });
    expect((await c.get('/api/user')).body.username).toBe('lara');
    // The directory's password is the directory's: it signs in nowhere else, and no hash of it is kept.
    const row = await t.app.services.users.findByUsername('lara');
    expect(await verifyPassword(row!.password_hash, 'lara-directory-pw')).toBe(false);
    const local = await t.client().post('/api/login', {
      username: 'lara',
      password: 'lara-directory-pw',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(local.status).toBe(401);
    // A directory's mail is not taken as verified: the account does not carry it.
    expect(row!.email).not.toBe('lara@corp.example');
  });

  it('signs in over ldaps:// too', async () => {
    const res = await login(t.client(), 'corp-ldaps', 'mo', 'mo-directory-pw');
    expect(res.status, res.text).toBe(200);
    // Two letters are under the spec's three: the derived username says so.
    expect(res.body.username).toBe('user_mo');
  });

  it('refuses a wrong password, an unknown user, an empty password and a filter in the username', async () => {
    for (const [username, password, status] of [
      ['lara', 'wrong', 401],
      ['nobody', 'whatever', 401],
      ['lara', '', 400],
      ['*', 'lara-directory-pw', 401],
      ['lara)(uid=*', 'lara-directory-pw', 401],
    ] as const) {
      const c = t.client();
      const res = await login(c, 'corp-ldap', username, password);
      expect(res.status, `${username}: ${res.text}`).toBe(status);
      expect((await c.get('/api/user')).status).toBe(401);
    }
    expect(await t.app.services.users.findByUsername('nobody')).toBeUndefined();
  });

  it('follows group changes with role changes, each in the audit log', async () => {
    const roleAfter = async () =>
      (await login(t.client(), 'corp-ldap', 'lara', 'lara-directory-pw')).body.role;
    expect(await roleAfter()).toBe('manager');
    await directory.setGroup('paste-admins', ['lara']);
    expect(await roleAfter()).toBe('admin');
    await directory.setGroup('paste-admins', []);
    await directory.setGroup('paste-mods', []);
    try {
      expect(await roleAfter()).toBe('user');
    } finally {
      await directory.setGroup('paste-mods', ['lara']);
    }
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const entries = (await admin.get('/api/admin/audit?action=user.role_change')).body.entries;
    expect(entries.map((e: { details: { role: string } }) => e.details.role).reverse()).toEqual([
      'manager',
      'admin',
      'user',
    ]);
    expect(entries[0].details).toMatchObject({ provider: 'corp-ldap', source: 'group mapping' });
  });

  it('refuses a directory whose certificate it cannot trust, and one that is down; local sign-in still works', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const saved = await admin.put('/api/admin/identity', {
      providers: [
        {
          kind: 'ldap',
          id: 'untrusted',
          name: 'Untrusted',
          enabled: true,
          url: directory.url,
          caCert: '',
          bindDn: '',
          bindPassword: '',
          searchBase: 'ou=people,dc=example,dc=org',
          searchFilter: '(uid={username})',
          usernameAttribute: 'uid',
          emailAttribute: 'mail',
          groupAttribute: 'memberOf',
          roleMap: {},
        },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    const untrusted = await login(t.client(), 'untrusted', 'lara', 'lara-directory-pw');
    expect(untrusted.status).toBe(503);
    expect(untrusted.body.message).toBe(
      'Untrusted cannot be reached right now. Try again later, or sign in with your password.',
    );
    // Why, for the operator: the certificate, not the password.
    expect(logs.findLast((l) => l.includes('"provider":"untrusted"'))).toContain('self-signed certificate');

    const local = await createUser(t);
    await directory.stop();
    try {
      const down = await login(t.client(), 'corp-ldap', 'lara', 'lara-directory-pw');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        error: 'UNAVAILABLE',
        message:
          'Corp Directory cannot be reached right now. Try again later, or sign in with your password.',
        requestId: expect.any(String),
      });
      expect(
        (await loginClient(t, local.username, local.plainPassword).then((c) => c.get('/api/user'))).status,
      ).toBe(200);
    } finally {
      await directory.start();
    }
  });

  it('links the directory from a signed-in account page', async () => {
    const local = await createUser(t);
    const c = await loginClient(t, local.username, local.plainPassword);
    const wrong = await c.post('/api/auth/ldap/corp-ldap/link', { username: 'mo', password: 'nope' });
    expect(wrong.status).toBe(401);
    const res = await c.post('/api/auth/ldap/corp-ldap/link', {
      username: 'mo',
      password: 'mo-directory-pw',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.identities).toContainEqual(
      expect.objectContaining({ id: 'corp-ldap', linked: true, linkedAs: 'mo' }),
    );
    const again = await login(t.client(), 'corp-ldap', 'mo', 'mo-directory-pw');
    expect(again.body.username).toBe(local.username);
  });
});

describe('unlinking a directory', () => {
  it('removes the link from the account page, but never the last way into an account', async () => {
    // A first directory sign-in makes an account with no address of its own (a directory's mail is not proof).
    const made = t.client();
    expect((await login(made, 'corp-ldap', 'lara', 'lara-directory-pw')).status).toBe(200);
    const refused = await made.post('/api/user/identities/corp-ldap/unlink', {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This provider is your only way to sign in: add an email address first, so that you can reset your password by mail',
    );
    expect((await made.get('/api/user/identities')).body.identities).toContainEqual(
      expect.objectContaining({ id: 'corp-ldap', linked: true }),
    );

    const local = await createUser(t);
    const c = await loginClient(t, local.username, local.plainPassword);
    const notLinked = await c.post('/api/user/identities/corp-ldap/unlink', {});
    expect(notLinked.status).toBe(404);
    expect(notLinked.body.message).toBe('This account is not linked to this provider');
    const linked = await c.post('/api/auth/ldap/corp-ldap/link', {
      username: 'mo',
      password: 'mo-directory-pw',
    });
    expect(linked.status, linked.text).toBe(200);
    const res = await c.post('/api/user/identities/corp-ldap/unlink', {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.identities).toContainEqual(expect.objectContaining({ id: 'corp-ldap', linked: false }));
    const again = await login(t.client(), 'corp-ldap', 'mo', 'mo-directory-pw');
    expect(again.status).toBe(200);
    expect(again.body.username).not.toBe(local.username);
  });
});
