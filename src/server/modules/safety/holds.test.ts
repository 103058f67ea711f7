import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { ADMIN, createUser, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';

/** Reports that act and the optional holds: each off by default, each landing in the Held queue. */
const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const DAY = 24 * 60 * 60 * 1000;

async function setSettings(patch: Record<string, number>) {
  const admin = await loginClient(t, ADMIN.username, ADMIN.password);
  const res = await admin.put('/api/settings', patch);
  expect(res.status, res.text).toBe(200);
}

async function pasteFrom(ip: string, content: string, privacy = 'public'): Promise<string> {
  const res = await t.client().post('/api/pastes', { content, privacy, expiration: '1d' }, from(ip));
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const heldReason = async (id: string) =>
  (
    await t.db.kysely
      .selectFrom('pastes')
      .select('held_reason')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).held_reason;

const report = (id: string, ip: string) =>
  t.client().post(`/api/pastes/${id}/report`, { reason: 'scam' }, from(ip));

describe('reports that act (reportHideThreshold)', () => {
  it('keeps the spec’s behaviour at 0: reports never hide a paste', async () => {
    const id = await pasteFrom('198.51.100.1', 'reported a lot');
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) expect((await report(id, ip)).status).toBe(201);
    expect(await heldReason(id)).toBeNull();
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);
  });

  it('hides a public paste after N distinct reporters until a moderator decides', async () => {
    await setSettings({ reportHideThreshold: 2 });
    const id = await pasteFrom('198.51.100.1', 'phishing page');
    expect((await report(id, '192.0.2.1')).status).toBe(201);
    // The same reporter again is no second reporter.
    expect((await report(id, '192.0.2.1')).status).toBe(409);
    expect(await heldReason(id)).toBeNull();
    const { client: member } = await signedIn(t);
    expect((await member.post(`/api/pastes/${id}/report`, { reason: 'phishing' })).status).toBe(201);
    expect(await heldReason(id)).toBe('reports');
    const read = await t.client().get(`/api/pastes/${id}`);
    expect([read.status, read.body.error]).toEqual([403, 'UNDER_REVIEW']);

    const { client: staff } = await signedIn(t, 'manager');
    const held = (await staff.get('/api/admin/safety/held')).body.pastes;
    expect(held).toMatchObject([{ id, reason: 'reports' }]);
    const reports = (await staff.get('/api/admin/paste-reports')).body.reports;
    expect(reports).toHaveLength(2);
    // Rejecting the reports makes it readable again.
    expect((await staff.post(`/api/admin/paste-reports/${reports[0].id}/reject`)).status).toBe(200);
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(200);

    // An unlisted paste is not hidden (only public ones are listed for anyone to find).
    const unlisted = await pasteFrom('198.51.100.1', 'unlisted one', 'unlisted');
    await report(unlisted, '192.0.2.5');
    await report(unlisted, '192.0.2.6');
    expect(await heldReason(unlisted)).toBeNull();
  });
});

describe('optional holds', () => {
  it('are all off by default', async () => {
    const id = await pasteFrom('198.51.100.1', 'http://a.example http://b.example http://c.example');
    expect(await heldReason(id)).toBeNull();
  });

  it('hold links from accounts younger than N days', async () => {
    await setSettings({ holdNewAccountDays: 3 });
    const { client: young } = await signedIn(t);
    const { id } = await createPaste(young, { content: 'visit www.shop.example today', expiration: '1w' });
    expect(await heldReason(id)).toBe('new-account');
    const { id: plain } = await createPaste(young, { content: 'no links here' });
    expect(await heldReason(plain)).toBeNull();
    const { id: unlisted } = await createPaste(young, { content: 'https://x.example', privacy: 'unlisted' });
    expect(await heldReason(unlisted)).toBeNull();
    const old = await createUser(t);
    t.clock.advance(4 * DAY);
    const oldClient = await loginClient(t, old.username, old.plainPassword);
    const { id: fine } = await createPaste(oldClient, { content: 'https://x.example' });
    expect(await heldReason(fine)).toBeNull();
    const { client: staff } = await signedIn(t, 'manager');
    expect((await staff.get('/api/admin/safety/held')).body.pastes).toMatchObject([
      { id, reason: 'new-account' },
    ]);
  });

  it('hold anonymous pastes with more than N links', async () => {
    await setSettings({ holdAnonLinksOver: 2 });
    const two = await pasteFrom('198.51.100.1', 'https://a.example and http://b.example');
    expect(await heldReason(two)).toBeNull();
    const three = await pasteFrom('198.51.100.1', 'https://a.example http://b.example www.c.example');
    expect(await heldReason(three)).toBe('links');
    const { client: member } = await signedIn(t);
    const { id } = await createPaste(member, { content: 'https://a.example http://b.example www.c.example' });
    expect(await heldReason(id)).toBeNull();
  });

  it('hold the same text sent by M other addresses within the hour', async () => {
    await setSettings({ holdIdenticalCount: 2 });
    const wave = 'WIN A PRIZE: claim it now';
    expect(await heldReason(await pasteFrom('203.0.113.1', wave))).toBeNull();
    expect(await heldReason(await pasteFrom('203.0.113.2', wave))).toBeNull();
    // One address repeating itself is not a wave.
    expect(await heldReason(await pasteFrom('203.0.113.2', wave))).toBeNull();
    expect(await heldReason(await pasteFrom('203.0.113.3', wave))).toBe('wave');
    expect(await heldReason(await pasteFrom('203.0.113.4', 'something else'))).toBeNull();
    t.clock.advance(60 * 60 * 1000 + 1);
    expect(await heldReason(await pasteFrom('203.0.113.5', wave))).toBeNull();
  });

  it('refuses values out of range', async () => {
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    for (const patch of [
      { holdIdenticalCount: -1 },
      { reportHideThreshold: 1.5 },
      { holdAnonLinksOver: 5000 },
    ]) {
      expect((await admin.put('/api/settings', patch)).status).toBe(400);
    }
  });
});
