import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  completeSetup,
  loginClient,
  setupBody,
  withTestApp,
} from '../../../../test/helpers/test-app.js';
import { SETUP_MESSAGES } from '../../../common/messages.js';

const t = withTestApp({ setup: false });

const smtpCheck = (smtpPort: number) => ({
  emailProvider: 'smtp',
  emailFrom: 'noreply@example.com',
  smtpHost: '127.0.0.1',
  smtpPort,
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('first-run setup', () => {
  it('reports setup as not completed and gates the API until it is', async () => {
    const c = t.client();
    expect((await c.get('/api/setup/status')).body).toEqual({ setupCompleted: false });
    const gated = await c.get('/api/user');
    expect(gated.status).toBe(409);
    expect(gated.body).toEqual({
      error: 'SETUP_REQUIRED',
      message: 'Setup required',
      requestId: expect.any(String),
    });
    const login = await c.post('/api/login', {
      username: 'x',
      password: 'y',
      captchaToken: 'captcha-disabled',
    });
    expect(login.status).toBe(409);
    // Public settings, health and setup routes answer before setup.
    expect((await c.get('/api/settings/public')).status).toBe(200);
    expect((await c.get('/healthz')).status).toBe(200);
  });

  it('tests the database connection and names the dialect', async () => {
    const res = await t.client().get('/api/setup/test-database');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, dialect: t.db.dialect });
  });

  it('creates the admin and the settings, after which the admin can log in', async () => {
    const c = t.client();
    const res = await c.post('/api/setup', setupBody({ siteTitle: 'My Pastes' }));
    expect(res.status).toBe(200);
    expect((await c.get('/api/setup/status')).body).toEqual({ setupCompleted: true });
    expect((await c.get('/api/settings/public')).body.siteTitle).toBe('My Pastes');
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const me = await admin.get('/api/user');
    expect(me.body).toMatchObject({
      username: ADMIN.username,
      role: 'admin',
      email: ADMIN.email,
      emailVerified: true,
    });
  });

  it('refuses a domain that is not an http(s) origin, and writes nothing', async () => {
    for (const domain of [
      'paste.example.com',
      '',
      'ftp://paste.example.com',
      'https://paste.example.com/app',
      'https://paste.example.com?x=1',
      'https://user@paste.example.com',
      'javascript:alert(1)',
    ]) {
      const res = await t.client().post('/api/setup', setupBody({ domain }));
      expect(res.status, domain).toBe(400);
      expect(res.body).toEqual({
        error: 'VALIDATION',
        message: SETUP_MESSAGES.domainInvalid,
        requestId: expect.any(String),
      });
    }
    expect((await t.client().get('/api/setup/status')).body).toEqual({ setupCompleted: false });
  });

  it('stores the domain as an origin', async () => {
    const res = await t
      .client()
      .post('/api/setup', setupBody({ domain: ' https://Paste.Example.com:8443/ ' }));
    expect(res.status).toBe(200);
    expect((await t.app.services.settings.get()).domain).toBe('https://paste.example.com:8443');
  });

  it("refuses missing admin credentials with the spec's message and writes nothing", async () => {
    const c = t.client();
    const res = await c.post('/api/setup', setupBody({ adminPassword: '' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill in all admin credentials');
    expect((await c.get('/api/setup/status')).body.setupCompleted).toBe(false);
    const users = await t.db.kysely.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(0);
  });

  it('refuses an email provider without a from address', async () => {
    const res = await t.client().post('/api/setup', setupBody({ emailProvider: 'smtp', emailFrom: '' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email validation needs a provider and a from address');
  });

  it('applies the username rules to the admin account', async () => {
    const res = await t.client().post('/api/setup', setupBody({ adminUsername: 'a b' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Username can only contain/);
  });

  it('runs exactly once, also when two requests race', async () => {
    const c = t.client();
    const results = await Promise.all([
      c.post('/api/setup', setupBody({ adminUsername: 'first', siteTitle: 'First' })),
      c.post('/api/setup', setupBody({ adminUsername: 'second', siteTitle: 'Second' })),
      c.post('/api/setup', setupBody({ adminUsername: 'third', siteTitle: 'Third' })),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const admins = await t.db.kysely.selectFrom('users').select('username').execute();
    expect(admins).toHaveLength(1);
    const winner = results.findIndex((r) => r.status === 200);
    const title = (await c.get('/api/settings/public')).body.siteTitle;
    expect(title).toBe(['First', 'Second', 'Third'][winner]);

    const again = await c.post('/api/setup', setupBody({ adminUsername: 'fourth' }));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('SETUP_COMPLETED');
  });

  it('refuses SMTP ports other than 587, 465 and 25 in the email check before setup', async () => {
    for (const smtpPort of [22, 6379, 5432, 2525]) {
      const res = await t.client().post('/api/setup/test-email', smtpCheck(smtpPort));
      expect(res.status, String(smtpPort)).toBe(400);
      expect(res.body).toEqual({
        error: 'VALIDATION',
        message: SETUP_MESSAGES.smtpPortNotAllowed,
        requestId: expect.any(String),
      });
    }
  });

  it('lets the admin check any SMTP port once setup is done', async () => {
    await completeSetup(t);
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    const res = await admin.post('/api/setup/test-email', smtpCheck(await closedPort()));
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('MAIL_FAILED');
  });

  it('rate-limits the email check per IP', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await t.client().post('/api/setup/test-email', smtpCheck(22))).status).toBe(400);
    }
    const limited = await t.client().post('/api/setup/test-email', smtpCheck(22));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps the connection checks for the admin once setup is done', async () => {
    await completeSetup(t);
    expect((await t.client().get('/api/setup/test-database')).status).toBe(401);
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    expect((await admin.get('/api/setup/test-database')).status).toBe(200);
  });
});
