import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import { HttpClient } from '../helpers/http-client.js';
import { requestsAnswered, startInstancesBehindNginx } from '../helpers/nginx.js';
import { createUser, setupBody, type TestApp } from '../helpers/test-app.js';

/**
 * Search with two instances of one site on PostgreSQL (and one Redis when TEST_REDIS_URL is set)
 * behind nginx running the configuration of docs/operations.md: what is written through one
 * instance is what a search answered by the other finds, at once, and the reader's rule holds
 * whichever instance answers.
 */
let a: TestApp;
let b: TestApp;
let site: Awaited<ReturnType<typeof startInstancesBehindNginx>> | undefined;

beforeAll(async () => {
  site = await startInstancesBehindNginx();
  ({ a, b } = site);
});

afterAll(async () => {
  await site?.close();
});

/** A person's browser: one cookie jar, with a client through nginx and one straight to each instance. */
function browser() {
  const jar = new Map<string, string>();
  return {
    site: new HttpClient(site!.nginx.url, jar),
    onA: new HttpClient(a.baseUrl, jar),
    onB: new HttpClient(b.baseUrl, jar),
  };
}

async function signedInBrowser(username?: string, password?: string) {
  const user = username ? { username, plainPassword: password! } : await createUser(a);
  const who = browser();
  const login = await who.site.post('/api/login', {
    username: user.username,
    password: user.plainPassword,
    captchaToken: CAPTCHA_BYPASS_TOKEN,
  });
  expect(login.status).toBe(200);
  return { ...who, username: user.username };
}

/**
 * The ids `q` finds for this reader, asked twice through nginx: round robin sends one search to
 * each instance (checked on their metrics), and both must give the same answer.
 */
async function foundOnBoth(site: HttpClient, q: string): Promise<string[]> {
  const before = [await requestsAnswered(a, '/api/search'), await requestsAnswered(b, '/api/search')];
  const answers: string[][] = [];
  for (let i = 0; i < 2; i++) {
    const res = await site.get(`/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    answers.push(res.body.results.map((r: { id: string }) => r.id));
  }
  expect([
    (await requestsAnswered(a, '/api/search')) - before[0]!,
    (await requestsAnswered(b, '/api/search')) - before[1]!,
  ]).toEqual([1, 1]);
  expect(answers[1]).toEqual(answers[0]);
  return answers[0]!;
}

describe('search with two instances behind nginx', () => {
  it('finds at once what the other instance wrote: a create, an edit, a deletion', async () => {
    expect(
      (await new HttpClient(site!.nginx.url).post('/api/setup', setupBody({ domain: site!.nginx.url })))
        .status,
    ).toBe(200);
    const author = await signedInBrowser();
    const admin = await signedInBrowser('admin', setupBody().adminPassword);
    const visitor = new HttpClient(site!.nginx.url);
    const first = `quokka${randomBytes(4).toString('hex')}`;
    const second = `wombat${randomBytes(4).toString('hex')}`;

    const created = await author.onA.post('/api/pastes', {
      title: 'Runbook',
      content: `restart the ${first} service`,
      expiration: '1d',
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    expect(await foundOnBoth(visitor, first)).toEqual([id]);

    expect(
      (await author.onB.put(`/api/pastes/${id}`, { content: `restart the ${second} service` })).status,
    ).toBe(200);
    expect(await foundOnBoth(visitor, first)).toEqual([]);
    expect(await foundOnBoth(visitor, second)).toEqual([id]);
    expect(await foundOnBoth(author.site, second)).toEqual([id]);

    expect((await admin.onA.delete(`/api/pastes/${id}`)).status).toBe(200);
    expect(await foundOnBoth(visitor, second)).toEqual([]);
    expect(await foundOnBoth(author.site, second)).toEqual([]);
  });

  it('finds a shared paste only for the people it names, whichever instance answers', async () => {
    const author = await signedInBrowser();
    const named = await signedInBrowser();
    const stranger = await signedInBrowser();
    const visitor = new HttpClient(site!.nginx.url);
    const word = `numbat${randomBytes(4).toString('hex')}`;
    const created = await author.onB.post('/api/pastes', {
      title: 'Incident notes',
      content: `the ${word} queue is stuck`,
      privacy: 'shared',
      expiration: '1d',
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    expect(await foundOnBoth(named.site, word)).toEqual([]);

    expect((await author.onA.put(`/api/pastes/${id}/shares`, { users: [named.username] })).status).toBe(200);
    expect(await foundOnBoth(author.site, word)).toEqual([id]);
    expect(await foundOnBoth(named.site, word)).toEqual([id]);
    expect(await foundOnBoth(stranger.site, word)).toEqual([]);
    expect(await foundOnBoth(visitor, word)).toEqual([]);

    // Unshared through the other instance: gone from the named reader's search on both.
    expect((await author.onB.put(`/api/pastes/${id}/shares`, { users: [] })).status).toBe(200);
    expect(await foundOnBoth(named.site, word)).toEqual([]);
    expect(await foundOnBoth(author.site, word)).toEqual([id]);
  });
});
