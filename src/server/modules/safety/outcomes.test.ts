import { describe, expect, it } from 'vitest';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';

/**
 * The Safety tab's numbers per day by reason: every refusal, hold, approval, deletion and
 * unlisting is a row (kept when its paste is gone), answered by the stats route and counted in
 * the metrics.
 */
const METRICS_TOKEN = 'metrics-token-for-tests';
const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1', METRICS_TOKEN } });
const DAY = 24 * 60 * 60 * 1000;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

async function pasteFrom(ip: string, content: string): Promise<{ status: number; id: string }> {
  const res = await t
    .client()
    .post('/api/pastes', { content, privacy: 'public', expiration: '1d' }, from(ip));
  return { status: res.status, id: res.body.id };
}

type DayRow = { day: string; outcomes: { outcome: string; reason: string; count: number }[] };
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('safety outcomes per day by reason', () => {
  it('records every outcome with its reason, keeps it when the paste is gone, and counts it', async () => {
    const { client: staff } = await signedIn(t, 'admin');
    for (const rule of [
      { kind: 'phrase', value: 'free crypto', action: 'refuse' },
      { kind: 'domain', value: 'spam.example', action: 'hold' },
      { kind: 'phrase', value: 'quiet please', action: 'unlist' },
    ]) {
      expect((await staff.post('/api/admin/safety/rules', rule)).status).toBe(201);
    }
    const ruleId = async (value: string) =>
      (await staff.get('/api/admin/safety/rules')).body.rules.find(
        (r: { value: string }) => r.value === value,
      ).id;
    expect((await staff.put('/api/settings', { holdAnonLinksOver: 1, reportHideThreshold: 1 })).status).toBe(
      200,
    );

    const yesterday = t.clock.now();
    expect((await pasteFrom('198.51.100.1', 'get free crypto now')).status).toBe(422);
    t.clock.advance(DAY);
    const today = t.clock.now();
    expect((await pasteFrom('198.51.100.2', 'free crypto again')).status).toBe(422);
    const byRule = await pasteFrom('198.51.100.3', 'see http://a.spam.example');
    const byLinks = await pasteFrom('198.51.100.4', 'https://one.test https://two.test');
    const unlisted = await pasteFrom('198.51.100.5', 'quiet please, nothing to see');
    const reported = await pasteFrom('198.51.100.6', 'a plain paste someone dislikes');
    const report = await t
      .client()
      .post(`/api/pastes/${reported.id}/report`, { reason: 'scam' }, from('192.0.2.9'));
    expect(report.status).toBe(201);

    const approve = await staff.post('/api/admin/safety/held/decide', {
      ids: [byRule.id],
      decision: 'approve',
    });
    expect(approve.body.decided).toEqual([byRule.id]);
    const del = await staff.post('/api/admin/safety/held/decide', { ids: [byLinks.id], decision: 'delete' });
    expect(del.body.decided).toEqual([byLinks.id]);
    const reportId = (await staff.get('/api/admin/paste-reports')).body.reports[0].id;
    expect((await staff.post(`/api/admin/paste-reports/${reportId}/reject`)).status).toBe(200);

    const stats = (await staff.get('/api/admin/safety/stats')).body;
    const days: DayRow[] = stats.days;
    expect(days).toHaveLength(14);
    expect(days.find((d) => d.day === dayOf(yesterday))!.outcomes).toEqual([
      { outcome: 'refuse', reason: 'rule', count: 1 },
    ]);
    const sorted = (rows: DayRow['outcomes']) =>
      [...rows].sort((a, b) => `${a.outcome}${a.reason}`.localeCompare(`${b.outcome}${b.reason}`));
    expect(sorted(days.find((d) => d.day === dayOf(today))!.outcomes)).toEqual([
      { outcome: 'approve', reason: 'reports', count: 1 },
      { outcome: 'approve', reason: 'rule', count: 1 },
      { outcome: 'delete', reason: 'links', count: 1 },
      { outcome: 'hold', reason: 'links', count: 1 },
      { outcome: 'hold', reason: 'reports', count: 1 },
      { outcome: 'hold', reason: 'rule', count: 1 },
      { outcome: 'refuse', reason: 'rule', count: 1 },
      { outcome: 'unlist', reason: 'rule', count: 1 },
    ]);

    // Which rule decided is kept; the deleted paste's rows stay.
    const rows = await t.db.kysely.selectFrom('safety_outcomes').selectAll().execute();
    expect(rows.filter((r) => r.outcome === 'refuse').map((r) => [r.rule_id, r.paste_id])).toEqual([
      [await ruleId('free crypto'), null],
      [await ruleId('free crypto'), null],
    ]);
    expect(rows.find((r) => r.outcome === 'unlist')).toMatchObject({
      rule_id: await ruleId('quiet please'),
      paste_id: unlisted.id,
    });
    expect(rows.find((r) => r.outcome === 'delete')).toMatchObject({ reason: 'links', paste_id: byLinks.id });
    expect(
      await t.db.kysely.selectFrom('pastes').select('id').where('id', '=', byLinks.id).executeTakeFirst(),
    ).toBeUndefined();

    const metrics = await (
      await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toContain('pasteshare_safety_outcomes_total{outcome="refuse",reason="rule"} 2');
    expect(metrics).toContain('pasteshare_safety_outcomes_total{outcome="delete",reason="links"} 1');
    expect(metrics).toContain('pasteshare_safety_outcomes_total{outcome="hold",reason="reports"} 1');
  });

  it('counts an edit a rule holds, by its rule', async () => {
    const { client: staff } = await signedIn(t, 'admin');
    expect(
      (await staff.post('/api/admin/safety/rules', { kind: 'domain', value: 'bad.example', action: 'hold' }))
        .status,
    ).toBe(201);
    const { client: author } = await signedIn(t);
    const created = await author.post('/api/pastes', {
      content: 'harmless',
      privacy: 'public',
      expiration: '1d',
    });
    expect(created.status).toBe(201);
    const edit = await author.put(`/api/pastes/${created.body.id}`, { content: 'now http://bad.example' });
    expect(edit.status, edit.text).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('safety_outcomes')
      .select(['outcome', 'reason', 'paste_id'])
      .execute();
    expect(rows).toEqual([{ outcome: 'hold', reason: 'rule', paste_id: created.body.id }]);
    const today = (await staff.get('/api/admin/safety/stats')).body.days.at(-1);
    expect(today.outcomes).toEqual([{ outcome: 'hold', reason: 'rule', count: 1 }]);
    expect(today.held).toBe(1);
  });
});
