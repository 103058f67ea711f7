import { describe, expect, it } from 'vitest';
import { createPaste, createPasteAsForm } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { SAFETY_MESSAGES } from '../../../common/messages.js';

const t = withTestApp();

async function addRule(body: { kind: string; value: string; action: string }) {
  const { client } = await signedIn(t, 'manager');
  const res = await client.post('/api/admin/safety/rules', body);
  expect(res.status).toBe(201);
  return { client, rule: res.body.rule };
}

const pasteCount = async () => (await t.db.kysely.selectFrom('pastes').select('id').execute()).length;
const heldReasonOf = async (id: string) =>
  (
    await t.db.kysely
      .selectFrom('pastes')
      .select('held_reason')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).held_reason;

describe('content rules', () => {
  it('refuse: a phrase in a public create is 422 naming no rule, nothing kept, the hit recorded', async () => {
    const { rule } = await addRule({ kind: 'phrase', value: '  Cheap   PILLS ', action: 'refuse' });
    expect(rule.value).toBe('cheap pills');
    const res = await t.client().post('/api/pastes', {
      content: 'buy\ncheap pills here',
      privacy: 'public',
      expiration: '1d',
    });
    expect([res.status, res.body.error, res.body.message]).toEqual([
      422,
      'CONTENT_REFUSED',
      SAFETY_MESSAGES.contentRefused,
    ]);
    expect(res.body.message).not.toContain('cheap');
    expect(res.body.requestId).toBeTruthy();
    expect(await pasteCount()).toBe(0);
    const hits = await t.db.kysely.selectFrom('safety_hits').selectAll().execute();
    expect(hits).toMatchObject([{ rule_id: rule.id, paste_id: null, action: 'refuse' }]);
    // In the title too; unlisted as well; a word that only contains the phrase's word does not match.
    const titled = await t.client().post('/api/pastes', {
      title: 'CHEAP pills',
      content: 'x',
      privacy: 'unlisted',
      expiration: '1d',
    });
    expect(titled.status).toBe(422);
    await createPaste(t.client(), { content: 'cheap pillsbury dough' });
    // A password paste is shared on purpose and not checked.
    await createPaste(t.client(), { content: 'cheap pills', privacy: 'password', password: 'pw-123456' });
    expect(await pasteCount()).toBe(2);
  });

  it('refuses content that came as a stream (multipart form) and deletes what was received', async () => {
    await addRule({ kind: 'phrase', value: 'wire the money', action: 'refuse' });
    const form = new FormData();
    form.append('privacy', 'public');
    form.append('expiration', '1d');
    form.append('content', new Blob([`${'filler line\n'.repeat(20_000)}please WIRE the\nmoney`]), 'p.txt');
    const res = await t.client().post('/api/pastes', undefined, { raw: form });
    expect([res.status, res.body.error]).toEqual([422, 'CONTENT_REFUSED']);
    expect(await pasteCount()).toBe(0);
  });

  it('hold: a domain rule catches its subdomains; the held paste answers only its author and staff', async () => {
    await addRule({ kind: 'domain', value: 'https://Evil.example/landing', action: 'hold' });
    const { client: author } = await signedIn(t);
    const { id } = await createPaste(author, {
      title: 'Login',
      content: 'go to http://login.evil.example/x now',
    });
    expect(await heldReasonOf(id)).toBe('rule');
    const { id: fine } = await createPaste(author, { content: 'go to https://notevil.example' });
    expect(await heldReasonOf(fine)).toBeNull();

    for (const path of [
      `/api/pastes/${id}`,
      `/api/pastes/${id}/raw`,
      `/api/pastes/${id}/lines?from=1&to=2`,
    ]) {
      const visitor = await t.client().get(path);
      expect([path, visitor.status, visitor.body.error, visitor.body.message]).toEqual([
        path,
        403,
        'UNDER_REVIEW',
        SAFETY_MESSAGES.underReview,
      ]);
      expect(visitor.text).not.toContain('evil');
    }
    const own = await author.get(`/api/pastes/${id}`);
    expect([own.body.content, own.body.held]).toEqual(['go to http://login.evil.example/x now', true]);
    expect((await author.get(`/api/pastes/${fine}`)).body).not.toHaveProperty('held');
    const { client: manager } = await signedIn(t, 'manager');
    const staff = await manager.get(`/api/pastes/${id}`);
    expect([staff.status, staff.body.held]).toEqual([200, true]);

    const queue = await manager.get('/api/admin/safety/held');
    expect(queue.body.pastes).toMatchObject([
      { id, title: 'Login', reason: 'rule', rules: ['domain: evil.example'] },
    ]);
    const stats = await manager.get('/api/admin/safety/stats');
    expect(stats.body.queueLength).toBe(1);
    expect(stats.body.days.at(-1)).toMatchObject({ refused: 0, held: 1, unlisted: 0 });

    const approved = await manager.post('/api/admin/safety/held/decide', {
      ids: [id, fine],
      decision: 'approve',
    });
    expect(approved.body.decided).toEqual([id]);
    const released = await t.client().get(`/api/pastes/${id}`);
    expect(released.status).toBe(200);
    expect(released.body).not.toHaveProperty('held');
    const audit = await t.db.kysely.selectFrom('audit_log').select(['action', 'target_id']).execute();
    expect(audit).toContainEqual({ action: 'paste.approve', target_id: id });
  });

  it('a held anonymous paste answers its creator (token) and is never on the leaderboard', async () => {
    await addRule({ kind: 'phrase', value: 'free crypto', action: 'hold' });
    const { id, creatorToken } = await createPaste(t.client(), { content: 'FREE crypto giveaway' });
    const own = await t.client().get(`/api/pastes/${id}`, { headers: { 'x-creator-token': creatorToken! } });
    expect(own.status).toBe(200);
    await t.db.kysely.updateTable('pastes').set({ view_count: 50 }).execute();
    expect((await t.client().get('/api/top-views')).body.pastes).toEqual([]);
    const { client: manager } = await signedIn(t, 'manager');
    const deleted = await manager.post('/api/admin/safety/held/decide', { ids: [id], decision: 'delete' });
    expect(deleted.body.decided).toEqual([id]);
    expect(await pasteCount()).toBe(0);
  });

  it('unlist: an RE2 pattern makes a public paste unlisted; a pathological pattern runs in linear time', async () => {
    await addRule({ kind: 'pattern', value: '(?i)free\\s+money', action: 'unlist' });
    // Catastrophic for a backtracking engine on a long run of "a" without the final "b".
    await addRule({ kind: 'pattern', value: '(a+)+b', action: 'refuse' });
    const { id } = await createPaste(t.client(), { content: 'get FREE\n money' });
    const row = await t.db.kysely
      .selectFrom('pastes')
      .select('privacy')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.privacy).toBe('unlisted');
    const { id: long } = await createPaste(t.client(), { content: `${'a'.repeat(300_000)}!` });
    expect(long).toBeTruthy();
    const refused = await t
      .client()
      .post('/api/pastes', { content: 'aaab', privacy: 'public', expiration: '1d' });
    expect(refused.status).toBe(422);
  });

  it('refuses what RE2 does not run (lookaround, backreferences) and bad domains, 400 with the reason', async () => {
    const { client } = await signedIn(t, 'manager');
    for (const [kind, value] of [
      ['pattern', '(?=x)y'],
      ['pattern', '(a)\\1'],
      ['pattern', '(unclosed'],
      ['domain', 'not a domain'],
      ['phrase', '!!!'],
    ]) {
      const res = await client.post('/api/admin/safety/rules', { kind, value, action: 'hold' });
      expect([value, res.status, res.body.error]).toEqual([value, 400, 'VALIDATION']);
    }
    expect((await client.get('/api/admin/safety/rules')).body.rules).toEqual([]);
    await client.post('/api/admin/safety/rules', { kind: 'domain', value: 'x.example', action: 'hold' });
    const again = await client.post('/api/admin/safety/rules', {
      kind: 'domain',
      value: 'X.example',
      action: 'refuse',
    });
    expect(again.status).toBe(409);
  });

  it('applies to edits: new text breaking a hold rule holds the paste', async () => {
    const { client: author } = await signedIn(t);
    const { id } = await createPaste(author, { content: 'harmless' });
    await addRule({ kind: 'phrase', value: 'casino bonus', action: 'hold' });
    const res = await author.put(`/api/pastes/${id}`, { content: 'now with a casino bonus' });
    expect(res.status).toBe(200);
    expect(await heldReasonOf(id)).toBe('rule');
    expect((await t.client().get(`/api/pastes/${id}`)).status).toBe(403);
  });

  it('imports a published list (merge, then replace), records rule changes in the audit log', async () => {
    const { client } = await signedIn(t, 'admin');
    const list = '# a blocklist\n0.0.0.0 bad.example\nworse.example\n\nbad.example\n';
    const merged = await client.post('/api/admin/safety/rules/import', {
      kind: 'domain',
      action: 'refuse',
      mode: 'merge',
      text: list,
    });
    expect(merged.body).toEqual({ added: 2, removed: 0, skipped: 1 });
    const replaced = await client.post('/api/admin/safety/rules/import', {
      kind: 'domain',
      action: 'hold',
      mode: 'replace',
      text: 'third.example',
    });
    expect(replaced.body).toEqual({ added: 1, removed: 2, skipped: 0 });
    const rules = (await client.get('/api/admin/safety/rules')).body.rules;
    expect(rules.map((r: { value: string }) => r.value)).toEqual(['third.example']);
    const bad = await client.post('/api/admin/safety/rules/import', {
      kind: 'domain',
      action: 'hold',
      mode: 'merge',
      text: 'ok.example\nnot valid!',
    });
    expect([bad.status, bad.body.message]).toEqual([400, `Line 2: ${SAFETY_MESSAGES.domainInvalid}`]);
    await client.delete(`/api/admin/safety/rules/${rules[0].id}`);
    const actions = (await t.db.kysely.selectFrom('audit_log').select('action').orderBy('id').execute()).map(
      (r) => r.action,
    );
    expect(actions.filter((a) => a.startsWith('safety.'))).toEqual([
      'safety.rules_import',
      'safety.rules_import',
      'safety.rule_delete',
    ]);
  });

  it('a test run shows which recent pastes a rule would catch, without saving it', async () => {
    const { id } = await createPaste(t.client(), {
      title: 'Offer',
      content: 'visit https://shop.spam.example',
    });
    await createPaste(t.client(), { content: 'nothing to see' });
    await createPasteAsForm(t.client(), 'also at spam.example', { privacy: 'unlisted', expiration: '1d' });
    const { client } = await signedIn(t, 'manager');
    const res = await client.post('/api/admin/safety/rules/test', { kind: 'domain', value: 'spam.example' });
    expect(res.body.checked).toBe(3);
    expect(res.body.matches.map((m: { id: string }) => m.id)).toContain(id);
    expect(res.body.matches).toHaveLength(2);
    expect((await client.get('/api/admin/safety/rules')).body.rules).toEqual([]);
  });

  it('is for staff only', async () => {
    const { client } = await signedIn(t);
    expect((await client.get('/api/admin/safety/rules')).status).toBe(403);
    expect(
      (await client.post('/api/admin/safety/rules', { kind: 'phrase', value: 'x', action: 'hold' })).status,
    ).toBe(403);
    expect((await t.client().get('/api/admin/safety/held')).status).toBe(401);
  });
});
