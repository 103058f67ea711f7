import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../../test/helpers/test-app.js';
import { PASTE_MESSAGES } from '../../../../common/schemas/paste.js';

/**
 * A burn-after-reading paste is destroyed only by a person reading it — never by a
 * HEAD probe, a link-preview bot or a browser prefetch, and never by the web page before its
 * visitor asks to see it.
 */
const t = withTestApp();

const SECRET = 'burn me once: 秘密 ✓';
const contentRoutes = (id: string) => [
  `/api/pastes/${id}`,
  `/api/pastes/${id}/raw`,
  `/api/pastes/${id}/download`,
  `/raw/${id}`,
];

/** One of each kind of link-preview fetcher that chat apps, social sites and search engines send. */
const BOT_AGENTS = [
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'WhatsApp/2.23.20.0',
  'TelegramBot (like TwitterBot)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
  'http.rb/5.1.1 (Mastodon/4.2.0; +https://mastodon.social/) Bot',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Iframely/1.3.1 (+https://iframely.com/docs/about)',
];

const PREFETCH_HEADERS: Record<string, string>[] = [
  { 'sec-purpose': 'prefetch' },
  { 'sec-purpose': 'prefetch;prerender' },
  { purpose: 'prefetch' },
  { 'x-moz': 'prefetch' },
  { 'x-purpose': 'preview' },
];

async function burnPaste(body: Record<string, unknown> = {}) {
  return createPaste(t.client(), { expiration: 'burn', content: SECRET, ...body });
}

/** A person's read gets the content; the next person finds nothing. */
async function expectReadExactlyOnce(id: string) {
  const first = await t.client().get(`/api/pastes/${id}`);
  expect(first.status).toBe(200);
  expect(first.body.content).toBe(SECRET);
  const second = await t.client().get(`/api/pastes/${id}`);
  expect(second.status).toBe(404);
  expect(second.text).not.toContain(SECRET);
}

/** An automated fetch of a burn paste: refused with a clear message, no content. */
function expectRefused(res: { status: number; body: any; text: string }, what: string) {
  expect(res.status, what).toBe(403);
  expect(res.body, what).toEqual({
    error: 'FORBIDDEN',
    message: PASTE_MESSAGES.burnNeedsPerson,
    requestId: expect.any(String),
  });
  expect(res.text, what).not.toContain('burn me once');
}

describe('HEAD requests', () => {
  it('claim nothing on any content route, and say what a GET would', async () => {
    for (const route of contentRoutes('ID')) {
      const { id } = await burnPaste();
      const path = route.replace('ID', id);
      const head = await t.client().request('HEAD', path);
      expect(head.status, path).toBe(200);
      expect(head.text, path).toBe('');
      if (path !== `/api/pastes/${id}`) {
        // Raw and download announce the size of the body a GET would send.
        expect(head.headers.get('content-length'), path).toBe(String(Buffer.byteLength(SECRET)));
      }
      await expectReadExactlyOnce(id);
    }
  });

  it('claim nothing on the v1 read or with the paste password in a header', async () => {
    const { client } = await signedIn(t);
    const key = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
    const { id } = await burnPaste();
    const head = await t.client().request('HEAD', `/api/v1/pastes/${id}`, undefined, {
      headers: { 'x-api-key': key },
    });
    expect(head.status).toBe(200);
    await expectReadExactlyOnce(id);

    const locked = await burnPaste({ privacy: 'password', password: 'pw' });
    for (const path of [`/raw/${locked.id}`, `/api/pastes/${locked.id}/download`]) {
      const res = await t
        .client()
        .request('HEAD', path, undefined, { headers: { 'x-paste-password': 'pw' } });
      expect(res.status, path).toBe(200);
    }
    const apiHead = await t.client().request('HEAD', `/api/v1/pastes/${locked.id}`, undefined, {
      headers: { 'x-api-key': key, 'x-paste-password': 'pw' },
    });
    expect(apiHead.status).toBe(200);
    const read = await t.client().post(`/api/pastes/${locked.id}/verify`, { password: 'pw' });
    expect(read.body.content).toBe(SECRET);
    expect((await t.client().post(`/api/pastes/${locked.id}/verify`, { password: 'pw' })).status).toBe(404);
  });
});

describe('link-preview bots and prefetches', () => {
  it('get no content of a burn paste from any route and claim nothing, for every kind of bot', async () => {
    for (const agent of BOT_AGENTS) {
      const { id } = await burnPaste();
      for (const path of contentRoutes(id)) {
        expectRefused(await t.client().get(path, { headers: { 'user-agent': agent } }), `${agent} ${path}`);
      }
      await expectReadExactlyOnce(id);
    }
  });

  it('get no content of a burn paste when the browser only prefetches or prerenders', async () => {
    for (const headers of PREFETCH_HEADERS) {
      const { id } = await burnPaste();
      for (const path of contentRoutes(id)) {
        expectRefused(await t.client().get(path, { headers }), `${JSON.stringify(headers)} ${path}`);
      }
      await expectReadExactlyOnce(id);
    }
  });

  it('cannot burn a password paste through verify, even with the right password', async () => {
    const { id } = await burnPaste({ privacy: 'password', password: 'pw' });
    const bot = await t
      .client()
      .post(`/api/pastes/${id}/verify`, { password: 'pw' }, { headers: { 'user-agent': BOT_AGENTS[0]! } });
    expectRefused(bot, 'verify');
    const prefetch = await t
      .client()
      .post(`/api/pastes/${id}/verify`, { password: 'pw' }, { headers: { 'sec-purpose': 'prefetch' } });
    expectRefused(prefetch, 'verify prefetch');
    expect((await t.client().post(`/api/pastes/${id}/verify`, { password: 'pw' })).body.content).toBe(SECRET);
  });

  it('do not stop an API client named "bot": an API key is no link preview', async () => {
    const { client } = await signedIn(t);
    const key = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
    const { id } = await burnPaste();
    const headers = { 'x-api-key': key, 'user-agent': 'deploy-bot/1.0' };
    expect((await t.client().get(`/api/v1/pastes/${id}`, { headers })).body.content).toBe(SECRET);
    expect((await t.client().get(`/api/v1/pastes/${id}`, { headers })).status).toBe(404);
  });

  it('still read other pastes as before, without counting a view', async () => {
    const { id } = await createPaste(t.client(), { content: SECRET });
    for (const path of contentRoutes(id)) {
      const res = await t.client().get(path, { headers: { 'user-agent': BOT_AGENTS[0]! } });
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('burn me once');
      const head = await t.client().request('HEAD', path);
      expect(head.status, path).toBe(200);
    }
    await t.app.services.views.flush();
    expect((await t.client().get(`/api/pastes/${id}`)).body.viewCount).toBe(1);
  });
});

describe('GET /api/pastes/:id?reveal=false (the web page before its visitor presses Show paste)', () => {
  it('answers a burn paste without content and claims nothing until a plain read', async () => {
    const { id } = await burnPaste({ title: 'Read once' });
    const readers: Record<string, string>[] = [
      {},
      { 'user-agent': BOT_AGENTS[0]! },
      { 'sec-purpose': 'prefetch' },
    ];
    for (const headers of readers) {
      const res = await t.client().get(`/api/pastes/${id}?reveal=false`, { headers });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        title: 'Read once',
        burnAfterReading: true,
        requiresReveal: true,
        username: 'Anonymous',
      });
      expect(res.body).not.toHaveProperty('content');
      expect(res.text).not.toContain('burn me once');
    }
    await expectReadExactlyOnce(id);
    expect((await t.client().get(`/api/pastes/${id}?reveal=false`)).status).toBe(404);
  });

  it('gives the creator and readers of other pastes their content at once', async () => {
    const anon = t.client();
    const mine = await createPaste(anon, { expiration: 'burn', content: SECRET });
    const own = await anon.get(`/api/pastes/${mine.id}?reveal=false`, {
      headers: { 'x-creator-token': mine.creatorToken! },
    });
    expect(own.body).toMatchObject({ content: SECRET, isOwner: true, requiresReveal: false });

    const plain = await createPaste(t.client(), { content: SECRET });
    const res = await t.client().get(`/api/pastes/${plain.id}?reveal=false`);
    expect(res.body).toMatchObject({ content: SECRET, requiresReveal: false });
    await expectReadExactlyOnce(mine.id);
  });

  it('refuses an unknown reveal value with 400', async () => {
    const { id } = await burnPaste();
    const res = await t.client().get(`/api/pastes/${id}?reveal=maybe`);
    expect(res.status).toBe(400);
    await expectReadExactlyOnce(id);
  });
});
