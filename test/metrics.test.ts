import { describe, expect, it } from 'vitest';
import { createPaste, createPasteAsForm } from './helpers/pastes.js';
import { freePort } from './helpers/ports.js';
import { startTestApp, withTestApp } from './helpers/test-app.js';

const TOKEN = 'metrics-token-0123456789';

/** The value of one series in Prometheus text (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics with neither METRICS_TOKEN nor METRICS_PORT', () => {
  const t = withTestApp({ each: false });

  it('does not exist', async () => {
    const res = await t.client().get('/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request_duration_seconds');
  });
});

describe('GET /metrics on the main port with METRICS_TOKEN', () => {
  const t = withTestApp({ each: false, env: { METRICS_TOKEN: TOKEN } });
  const scrape = async () => {
    const res = await t.client().get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text;
  };

  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.client().get('/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.text).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts creates by way and privacy, reads by outcome and burns, labelled by route pattern', async () => {
    const client = t.client();
    const json = await createPaste(client, { privacy: 'unlisted' });
    await createPasteAsForm(client, 'from a form\n');
    expect((await client.get(`/api/pastes/${json.id}`)).status).toBe(200);
    expect((await client.get('/api/pastes/AAAAAAAAAAAA')).status).toBe(404);
    const burn = await createPaste(client, { expiration: 'burn' });
    // Another reader (no creator token): the one read that burns it.
    expect((await t.client().get(`/api/pastes/${burn.id}`)).status).toBe(200);
    expect((await t.client().get(`/api/pastes/${burn.id}`)).status).toBe(404);

    const text = await scrape();
    expect(sample(text, 'pasteshare_pastes_created_total{way="json",privacy="unlisted"}')).toBe(1);
    expect(sample(text, 'pasteshare_pastes_created_total{way="multipart",privacy="public"}')).toBe(1);
    expect(sample(text, 'pasteshare_pastes_created_total{way="json",privacy="public"}')).toBe(1);
    expect(sample(text, 'pasteshare_paste_reads_total{outcome="shown"}')).toBe(2);
    expect(sample(text, 'pasteshare_paste_reads_total{outcome="not_found"}')).toBe(2);
    expect(sample(text, 'pasteshare_burns_total')).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/pastes/:id",status_class="2xx"}',
      ),
    ).toBe(2);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/pastes/:id",status_class="4xx"}',
      ),
    ).toBe(2);
    // Never an id or a raw URL in a label.
    for (const id of [json.id, burn.id, 'AAAAAAAAAAAA']) expect(text).not.toContain(id);
  });

  it('times database queries by dialect and blob operations by store, and has the process metrics', async () => {
    // Over the inline limit: the content goes to the blob store.
    await createPaste(t.client(), { content: 'x'.repeat(300 * 1024) });
    const text = await scrape();
    expect(
      sample(text, `pasteshare_db_query_duration_seconds_count{dialect="${t.db.dialect}"}`),
    ).toBeGreaterThan(0);
    expect(
      sample(
        text,
        'pasteshare_blob_operation_duration_seconds_count{operation="put",store="disk",outcome="ok"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pasteshare_upload_sessions_open')).toBe(0);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} gauge`);
    }
  });

  it('counts rate-limit refusals by limiter', async () => {
    const client = t.client();
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) {
      status = (
        await client.post('/api/login', { username: 'nobody', password: 'wrong-password', captchaToken: 'x' })
      ).status;
    }
    expect(status).toBe(429);
    const text = await scrape();
    const refused = text.split('\n').filter((l) => l.startsWith('pasteshare_rate_limited_total{'));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((l) => /^pasteshare_rate_limited_total\{limiter="[a-z0-9-]+"\} \d+$/.test(l))).toBe(
      true,
    );
  });
});

describe('METRICS_PORT: a listener of its own', () => {
  it('serves /metrics there without a token, and not on the main port', async () => {
    const port = await freePort();
    const t = await startTestApp({ env: { METRICS_PORT: String(port) } });
    try {
      expect((await t.client().get('/metrics')).status).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE http_request_duration_seconds histogram');
      expect((await fetch(`http://127.0.0.1:${port}/api/pastes`)).status).toBe(404);
    } finally {
      await t.close();
    }
    // Closed with the app: nothing answers there any more.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
