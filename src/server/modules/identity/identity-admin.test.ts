import { afterAll, describe, expect, it } from 'vitest';
import { redirectOf, signInWithProvider } from '../../../../test/helpers/identity.js';
import { startOidcProvider } from '../../../../test/helpers/oidc-provider.js';
import { ADMIN, createUser, loginClient, withTestApp } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';

/**
 * Settings → Security, sign-in part: providers the admin adds (secrets stored, never shown), the
 * operator's providers beside them (read-only), "SSO only" with its emergency admin.
 */
const op = await startOidcProvider({
  pat: {
    password: 'pat-pw',
    claims: { preferred_username: 'pat', email: 'pat@corp.example', email_verified: true },
  },
});
afterAll(() => op.close());

const t = withTestApp({
  env: { OIDC_PROVIDERS: JSON.stringify([op.envEntry('from-env', { name: 'Env SSO' })]) },
});

const panelProvider = (extra: Record<string, unknown> = {}) => ({
  kind: 'oidc',
  id: 'panel',
  name: 'Panel SSO',
  enabled: true,
  issuer: op.issuer,
  clientId: 'pasteshare-panel',
  scopes: ['openid', 'email', 'profile'],
  usernameClaim: 'preferred_username',
  groupsClaim: 'groups',
  roleMap: {},
  ...extra,
});

const admin = () => loginClient(t, ADMIN.username, ADMIN.password);

describe('providers in the admin panel', () => {
  it('stores a provider’s secret, never answers it, and keeps it when saved again without it', async () => {
    const a = await admin();
    const saved = await a.put('/api/admin/identity', {
      providers: [panelProvider({ clientSecret: 'panel-secret' })],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.providers.map((p: { id: string; source: string }) => [p.id, p.source])).toEqual([
      ['from-env', 'environment'],
      ['panel', 'panel'],
    ]);
    expect(saved.body.providers[1]).toMatchObject({ clientSecretSet: true });
    expect(saved.body.siteOrigin).toBe(t.baseUrl);
    for (const answer of [saved, await a.get('/api/admin/identity'), await a.get('/api/settings')]) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('panel-secret');
      expect(answer.text).not.toContain('pasteshare-secret');
    }

    // Renamed, secret left out: the stored one still signs in.
    const renamed = await a.put('/api/admin/identity', {
      providers: [panelProvider({ name: 'Renamed SSO' })],
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await t.client().get('/api/auth/providers')).body).toEqual([
      { id: 'from-env', name: 'Env SSO', kind: 'oidc' },
      { id: 'panel', name: 'Renamed SSO', kind: 'oidc' },
    ]);
    const c = t.client();
    expect(redirectOf(await signInWithProvider(c, 'panel', 'pat', 'pat-pw')).path).toBe('/');
    expect((await c.get('/api/user')).body.username).toBe('pat');

    // Audited by field names and provider ids, never a value.
    const log = await a.get('/api/admin/audit?action=settings.update');
    expect(log.body.entries[0].details).toEqual({ fields: ['providers'], providers: ['panel'] });
  });

  it('refuses a new provider without its secret, an id the environment uses, and bad values', async () => {
    const a = await admin();
    const cases: [unknown, string][] = [
      [panelProvider(), 'panel: A new provider needs its secret'],
      [
        panelProvider({ id: 'from-env', clientSecret: 's' }),
        'from-env: This id belongs to a provider set in the environment',
      ],
      [panelProvider({ issuer: 'http://idp.example', clientSecret: 's' }), 'providers.0.issuer'],
      [panelProvider({ roleMap: { staff: 'owner' }, clientSecret: 's' }), 'providers.0.roleMap.staff'],
      [panelProvider({ id: 'Bad Id', clientSecret: 's' }), 'providers.0.id'],
    ];
    for (const [provider, message] of cases) {
      const res = await a.put('/api/admin/identity', { providers: [provider] });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await a.get('/api/admin/identity')).body.providers).toHaveLength(1);
  });
});

describe('SSO only', () => {
  it('needs an emergency admin and a provider; then only that admin signs in with a password', async () => {
    const a = await admin();
    const user = await createUser(t);
    const manager = await createUser(t, { role: 'manager' });
    expect((await a.put('/api/admin/identity', { ssoOnly: true })).body.message).toBe(
      'Choose the emergency admin account that keeps its password before turning on SSO only',
    );
    expect(
      (await a.put('/api/admin/identity', { ssoOnly: true, ssoBreakGlassAdmin: manager.username })).body
        .message,
    ).toBe('The emergency account must be an existing admin');
    const on = await a.put('/api/admin/identity', { ssoOnly: true, ssoBreakGlassAdmin: ADMIN.username });
    expect(on.status, on.text).toBe(200);
    expect((await t.client().get('/api/settings/public')).body.ssoOnly).toBe(true);

    const password = (username: string, pw: string) =>
      t.client().post('/api/login', { username, password: pw, captchaToken: CAPTCHA_BYPASS_TOKEN });
    const refused = await password(user.username, user.plainPassword);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'This site signs in through single sign-on only. A password works only for the emergency admin account.',
    );
    // A wrong password gets the very same answer: it tells nothing about the password.
    expect((await password(user.username, 'wrong-password')).body).toEqual({
      ...refused.body,
      requestId: expect.any(String),
    });
    expect((await password(ADMIN.username, ADMIN.password)).status).toBe(200);
    const register = await t.client().post('/api/register', {
      username: 'newperson',
      password: 'new-password-1',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(register.status).toBe(403);
    expect(register.body.message).toBe('This site creates accounts through single sign-on only');

    const c = t.client();
    await signInWithProvider(c, 'from-env', 'pat', 'pat-pw');
    expect((await c.get('/api/user')).body.username).toBe('pat');
  });
});
