import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { createUser, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';
import { BAN_MESSAGES } from '../../../common/schemas/bans.js';

// Behind a trusted proxy on loopback, as the rate limits see a client: X-Forwarded-For names it.
const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const HOUR = 60 * 60 * 1000;

async function ban(body: Record<string, unknown>, expected = 201) {
  const { client } = await signedIn(t, 'manager');
  const res = await client.post('/api/admin/bans', { reason: 'spam', hours: null, ...body });
  expect(res.status, res.text).toBe(expected);
  return { client, res };
}

const auditActions = async () =>
  (await t.db.kysely.selectFrom('audit_log').select(['action', 'details']).execute()).filter((r) =>
    r.action.startsWith('ban.'),
  );

describe('account suspension', () => {
  it('ends its sessions, refuses its API key, tells the reason at sign-in; lifting restores all', async () => {
    const user = await createUser(t);
    const member = await loginClient(t, user.username, user.plainPassword);
    const apiKey = (await member.post('/api/user/regenerate-api-key', {})).body.apiKey as string;
    const { id: pasteId } = await createPaste(member, { content: 'kept while suspended' });

    const { client: staff, res } = await ban({
      kind: 'account',
      username: user.username,
      reason: 'Phishing links',
      hours: null,
      hidePastes: false,
    });
    expect(res.body.ban).toMatchObject({ kind: 'account', username: user.username, expiresAt: null });

    expect((await member.get('/api/user')).status).toBe(401);
    const byKey = await t.client().get('/api/user', { headers: { 'x-api-key': apiKey } });
    expect([byKey.status, byKey.body.error]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    const login = await t.client().post('/api/login', {
      username: user.username,
      password: user.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect([login.status, login.body.error]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    expect(login.body.message).toBe(BAN_MESSAGES.accountSuspended('Phishing links', null));
    // A wrong password learns nothing of the suspension.
    const wrong = await t.client().post('/api/login', {
      username: user.username,
      password: 'not-the-password',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(wrong.status).toBe(401);
    // Its pastes were kept: anyone reads them.
    expect((await t.client().get(`/api/pastes/${pasteId}`)).status).toBe(200);

    const list = await staff.get('/api/admin/bans');
    expect(list.body.bans).toHaveLength(1);
    expect(list.body.bans[0]).toMatchObject({ reason: 'Phishing links', hidePastes: false });
    expect((await staff.delete(`/api/admin/bans/${res.body.ban.id}`)).status).toBe(200);
    expect((await staff.get('/api/admin/bans')).body.bans).toEqual([]);
    await loginClient(t, user.username, user.plainPassword);
    expect((await t.client().get('/api/user', { headers: { 'x-api-key': apiKey } })).status).toBe(200);
    expect((await auditActions()).map((a) => a.action)).toEqual(['ban.add', 'ban.lift']);
    expect((await staff.delete(`/api/admin/bans/${res.body.ban.id}`)).status).toBe(404);
  });

  it('hides its pastes while it lasts (not in the Held queue) and shows them again when it ends', async () => {
    const { user, client: member } = await signedIn(t);
    const { id } = await createPaste(member, { content: 'hidden during the suspension' });
    await ban({ kind: 'account', username: user.username, hours: 2, hidePastes: true });
    const read = await t.client().get(`/api/pastes/${id}`);
    expect([read.status, read.body.error]).toEqual([403, 'UNDER_REVIEW']);
    const { client: staff } = await signedIn(t, 'manager');
    expect((await staff.get('/api/admin/safety/held')).body.pastes).toEqual([]);
    expect((await staff.get(`/api/pastes/${id}`)).status).toBe(200);

    // Two hours on, the suspension has ended: signing in works and the background task releases the pastes.
    t.clock.advance(2 * HOUR + 1);
    await loginClient(t, user.username, user.plainPassword);
    expect(await t.app.services.bans.sweep()).toBe(1);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
    expect((await staff.get('/api/admin/bans')).body.bans).toEqual([]);
  });

  it('never suspends staff, refuses an unknown account, a second suspension and managers’ callers only', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await ban({ kind: 'account', username: admin.username, hidePastes: false }, 400);
    await ban({ kind: 'account', username: 'nobody-here', hidePastes: false }, 404);
    const user = await createUser(t);
    await ban({ kind: 'account', username: user.username, hidePastes: false });
    await ban({ kind: 'account', username: user.username, hidePastes: false }, 409);
    await ban({ kind: 'account', username: user.username, reason: '  ', hidePastes: false }, 400);
    const { client: member } = await signedIn(t);
    expect(
      (
        await member.post('/api/admin/bans', {
          kind: 'address',
          address: '1.2.3.4',
          reason: 'x',
          hours: null,
        })
      ).status,
    ).toBe(403);
  });
});

describe('address bans', () => {
  it('refuse every write and sign-in from the forwarded address, reads stay open', async () => {
    const user = await createUser(t);
    const { id } = await createPaste(t.client(), { content: 'a public paste' });
    const { client: staff } = await ban({ kind: 'address', address: '203.0.113.7/24', hours: 1 });
    const listed = (await staff.get('/api/admin/bans')).body.bans[0];
    expect(listed).toMatchObject({ kind: 'address', address: '203.0.113.0/24', username: null });

    const banned = t.client();
    const create = await banned.post(
      '/api/pastes',
      { content: 'x', privacy: 'public', expiration: '1d' },
      from('203.0.113.99'),
    );
    expect([create.status, create.body.error, create.body.message]).toEqual([
      403,
      'BANNED',
      BAN_MESSAGES.addressBanned,
    ]);
    const login = await banned.post(
      '/api/login',
      { username: user.username, password: user.plainPassword, captchaToken: CAPTCHA_BYPASS_TOKEN },
      from('203.0.113.99'),
    );
    expect([login.status, login.body.error]).toEqual([403, 'BANNED']);
    const register = await banned.post(
      '/api/register',
      {
        username: 'newbie',
        email: 'n@example.com',
        password: 'password-123',
        captchaToken: CAPTCHA_BYPASS_TOKEN,
      },
      from('203.0.113.1'),
    );
    expect(register.status).toBe(403);
    const report = await banned.post(`/api/pastes/${id}/report`, { reason: 'spam' }, from('203.0.113.5'));
    expect(report.status).toBe(403);
    expect((await banned.get(`/api/pastes/${id}`, from('203.0.113.99'))).status).toBe(200);

    // A made-up entry in front of the proxy's does not change the address; another network is fine.
    const spoofed = await banned.post(
      '/api/pastes',
      { content: 'x', privacy: 'public', expiration: '1d' },
      from('198.51.100.1, 203.0.113.99'),
    );
    expect(spoofed.status).toBe(403);
    await createPaste(t.client(), { content: 'elsewhere' });
    const other = await t
      .client()
      .post('/api/pastes', { content: 'ok', privacy: 'public', expiration: '1d' }, from('203.0.114.1'));
    expect(other.status).toBe(201);

    // For a time: an hour on, the same address writes again.
    t.clock.advance(HOUR + 1);
    const later = await banned.post(
      '/api/pastes',
      { content: 'x', privacy: 'public', expiration: '1d' },
      from('203.0.113.99'),
    );
    expect(later.status).toBe(201);
    expect((await auditActions())[0]!.details).toContain('203.0.113.0/24');
  });

  it('takes IPv6 ranges down to /48, and refuses wider ranges, bad addresses and the banner’s own', async () => {
    await ban({ kind: 'address', address: '2001:db8:1::/48' });
    const write = (ip: string) =>
      t.client().post('/api/pastes', { content: 'x', privacy: 'public', expiration: '1d' }, from(ip));
    expect((await write('2001:db8:1:ffff::1')).status).toBe(403);
    expect((await write('2001:db8:2::1')).status).toBe(201);
    await ban({ kind: 'address', address: '::ffff:198.51.100.9' });
    expect((await write('198.51.100.9')).status).toBe(403);

    for (const [address, message] of [
      ['10.0.0.0/8', BAN_MESSAGES.rangeTooWide],
      ['2001:db8::/32', BAN_MESSAGES.rangeTooWide],
      ['10.1', BAN_MESSAGES.addressInvalid],
      ['example.com', BAN_MESSAGES.addressInvalid],
      ['1.2.3.4/33', BAN_MESSAGES.addressInvalid],
      ['127.0.0.0/16', BAN_MESSAGES.ownAddress],
    ] as const) {
      const { res } = await ban({ kind: 'address', address }, 400);
      expect(res.body.message).toBe(message);
    }
    await ban({ kind: 'address', address: '2001:db8:1:0::/48' }, 409);
  });

  it('holds on a second instance of the same site', async () => {
    const { startTestApp } = await import('../../../../test/helpers/test-app.js');
    const second = await startTestApp({ sharing: t, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const write = () =>
        second
          .client()
          .post('/api/pastes', { content: 'x', privacy: 'public', expiration: '1d' }, from('192.0.2.50'));
      expect((await write()).status).toBe(201);
      await ban({ kind: 'address', address: '192.0.2.50' });
      // The change bus tells it at once where there is one; the version check within 2 s otherwise.
      second.clock.advance(2_001);
      expect((await write()).status).toBe(403);
    } finally {
      await second.close();
    }
  });
});

describe('bans in a backup', () => {
  it('are exported and restored with the accounts they name', async () => {
    const user = await createUser(t);
    const { client: staff } = await ban({ kind: 'account', username: user.username, hidePastes: true });
    await ban({ kind: 'address', address: '198.51.100.0/24', hours: 5 });
    const admin = await loginClient(t, 'admin', 'admin-pass-123');
    const file = (await admin.get('/api/admin/database/export')).text;
    expect(JSON.parse(file).tables.bans).toHaveLength(2);
    const before = (await staff.get('/api/admin/bans')).body.bans;
    const res = await admin.post('/api/admin/database/import', undefined, {
      raw: file,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.counts.bans).toBe(2);
    t.clock.advance(2_001);
    const again = await loginClient(t, 'admin', 'admin-pass-123');
    expect((await again.get('/api/admin/bans')).body.bans).toEqual(before);
    const login = await t.client().post('/api/login', {
      username: user.username,
      password: user.plainPassword,
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    });
    expect(login.body.error).toBe('ACCOUNT_SUSPENDED');
  });
});
