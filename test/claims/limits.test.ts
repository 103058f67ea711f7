import { describe, expect, it } from 'vitest';
import { MB } from '../../src/common/constants.js';
import type { Endpoint } from '../../src/web/pages/api-docs/endpoint.js';
import { memberSections } from '../../src/web/pages/api-docs/member-endpoints.js';
import { publicSection } from '../../src/web/pages/api-docs/public-endpoints.js';
import type { HttpClient } from '../helpers/http-client.js';
import { signedIn } from '../helpers/test-app.js';
import { withClaimsSite } from './claims-site.js';

/**
 * The limits the API, VIP and About pages state, each read from the page and tried on the server:
 * the largest value it names is taken, one more is refused, and a default is what an answer holds
 * without it.
 */
const site = withClaimsSite();
const sections = [publicSection, ...memberSections];

/** The numbers `pattern` captures in what the page says about one endpoint (its section included). */
function stated(route: string, pattern: RegExp): number[] {
  const section = sections.find((s) => s.endpoints.some((e) => `${e.method} ${e.path}` === route))!;
  const e = section.endpoints.find((x) => `${x.method} ${x.path}` === route) as Endpoint;
  const text = [section.description, e.summary, ...(e.fields ?? [])].join('\n');
  const m = pattern.exec(text);
  expect(m, `${route}: ${pattern}`).not.toBeNull();
  expect(site.pages.api).toContain(m![0]);
  return m!.slice(1).map((n) => Number(n.replace(/,/g, '')));
}

async function pasteOfLines(lines: number): Promise<string> {
  const content = Array.from({ length: lines }, (_, i) => `x ${i}`).join('\n');
  const res = await site.member.post('/api/pastes', { content, privacy: 'public', expiration: '1d' });
  return res.body.id;
}

const status = async (p: Promise<{ status: number }>) => (await p).status;

describe('limits the pages state', () => {
  it('title length', async () => {
    const [max] = stated('POST /api/pastes', /title \(string, optional, up to (\d+) characters\)/);
    const create = (title: string) =>
      status(site.member.post('/api/pastes', { content: 'x', title, privacy: 'public', expiration: '1d' }));
    expect(await create('t'.repeat(max!))).toBe(201);
    expect(await create('t'.repeat(max! + 1))).toBe(400);
  });

  it('lines: count’s range and default', async () => {
    const [min, max, byDefault] = stated(
      'GET /api/pastes/{id}/lines',
      /count \(query, (\d+)–(\d+), default (\d+)\)/,
    );
    const id = await pasteOfLines(max! + 5);
    const lines = (query: string) => site.member.get(`/api/pastes/${id}/lines?from=1${query}`);
    expect((await lines(`&count=${max}`)).body.lines).toHaveLength(max!);
    expect((await lines('')).body.lines).toHaveLength(byDefault!);
    expect(await status(lines(`&count=${max! + 1}`))).toBe(400);
    expect(await status(lines(`&count=${min! - 1}`))).toBe(400);
  });

  it('search: q’s length, limit’s range and default', async () => {
    const route = 'GET /api/pastes/{id}/search';
    const [qMin, qMax] = stated(route, /q \(query, (\d+)–(\d+) characters/);
    const [min, max, byDefault] = stated(route, /limit \(query, (\d+)–(\d+), default (\d+)\)/);
    const id = await pasteOfLines(max! + 5);
    const search = (q: string, query = '') => site.member.get(`/api/pastes/${id}/search?q=${q}${query}`);
    expect((await search('x', `&limit=${max}`)).body.matches).toHaveLength(max!);
    expect((await search('x')).body.matches).toHaveLength(byDefault!);
    expect(await status(search('x', `&limit=${max! + 1}`))).toBe(400);
    expect(await status(search('x', `&limit=${min! - 1}`))).toBe(400);
    expect(await status(search('x'.repeat(qMax!)))).toBe(200);
    expect(await status(search('x'.repeat(qMax! + 1)))).toBe(400);
    expect(await status(search('x'.repeat(qMin! - 1)))).toBe(400);
  });

  it('the v1 list’s limit, and the requests a key may make in a minute', async () => {
    const [, max] = stated(
      'GET /api/v1/pastes?page=1&limit=20&search=',
      /limit \(query, optional\): (\d+) to (\d+)/,
    );
    const [perMinute] = stated('POST /api/v1/pastes', /each key may make (\d+) requests a minute/);
    const { client } = await signedIn(site.t);
    const key = (await client.post('/api/user/regenerate-api-key', {})).body.apiKey as string;
    const list = (limit: number) =>
      site.t.client().get(`/api/v1/pastes?limit=${limit}`, { headers: { 'x-api-key': key } });
    expect(await status(list(max!))).toBe(200);
    expect(await status(list(max! + 1))).toBe(400);
    // Two requests were made with this key above; the one after the stated number is refused.
    const answers: number[] = [];
    for (let sent = 2; sent <= perMinute!; sent++) answers.push(await status(list(1)));
    expect(answers.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('banner image size', async () => {
    const [maxMb] = stated('POST /api/vip/banner', /up to (\d+) MB/);
    const { client } = await signedIn(site.t, 'vip');
    const save = (bannerImageBytes: number) =>
      status(
        client.post('/api/vip/banner', { bannerImageUrl: 'https://i.imgur.com/b.png', bannerImageBytes }),
      );
    expect(await save(maxMb! * MB)).toBe(200);
    expect(await save(maxMb! * MB + 1)).toBe(400);
    expect(site.pages.vip).toContain(`images up to ${maxMb} MB`);
  });

  it('the About page: long lines cut in the browser view, and the upload’s chunk size', async () => {
    const cut = /Lines longer than ([\d,]+) characters are cut/.exec(site.pages.about);
    const chunks = /files over \d+ MB uploaded in (\d+) MB chunks/.exec(site.pages.about);
    expect([cut, chunks]).not.toContain(null);
    const max = Number(cut![1]!.replace(/,/g, ''));
    const id = (
      await site.member.post('/api/pastes', {
        content: `${'l'.repeat(max + 1)}\n${'s'.repeat(max)}`,
        privacy: 'public',
        expiration: '1d',
      })
    ).body.id;
    const read = (await site.member.get(`/api/pastes/${id}/lines`)).body;
    expect(read.lines.map((l: string) => l.length)).toEqual([max, max]);
    expect(read.truncatedLines).toEqual([1]);
    const { client } = await signedIn(site.t);
    const { uploadId } = (await client.post('/api/pastes/upload/init', { totalChunks: 1, totalSize: 100 }))
      .body;
    expect((await client.get(`/api/pastes/upload/${uploadId}`)).body.chunkSize).toBe(Number(chunks![1]) * MB);
  });

  it('chunked upload: the chunk sizes and the unfinished uploads an account may hold', async () => {
    const route = 'POST /api/pastes/upload/init';
    const [min, max] = stated(route, /chunkSize \(optional: (\d+) to (\d+) bytes/);
    const [open] = stated(route, /An account may hold (\d+) unfinished uploads/);
    const { client } = await signedIn(site.t);
    const init = (chunkSize: number, c: HttpClient = client) =>
      status(c.post('/api/pastes/upload/init', { totalChunks: 1, totalSize: 100, chunkSize }));
    expect(await init(min! - 1)).toBe(400);
    expect(await init(max! + 1)).toBe(400);
    const answers: number[] = [];
    for (let i = 0; i <= open!; i++) answers.push(await init(i % 2 ? min! : max!));
    expect(answers.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBeGreaterThanOrEqual(400);
  });

  it('the new password’s length', async () => {
    const [min] = stated('POST /api/user/change-password', /newPassword \(at least (\d+) characters\)/);
    const { client, user } = await signedIn(site.t);
    const change = (newPassword: string) =>
      status(client.post('/api/user/change-password', { currentPassword: user.plainPassword, newPassword }));
    expect(await change('p'.repeat(min! - 1))).toBe(400);
    expect(await change('p'.repeat(min!))).toBe(200);
  });
});
