import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPastePage } from '../src/web/ssr/render-paste-page.js';
import type { HttpClient } from './helpers/http-client.js';
import { createPaste } from './helpers/pastes.js';
import { signedIn, withTestApp } from './helpers/test-app.js';
import { tempDir } from './helpers/test-db.js';

/**
 * Which readers a fork names its source to: anyone when the source is public (they could find it
 * anyway), otherwise only the source's author — never an unlisted source's link to the readers of
 * a public fork, neither in the JSON nor in the page's first HTML that search engines index.
 */
const webRoot = tempDir('pasteshare-web-');
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const t = withTestApp({ webRoot, renderPastePage, env: { PASTE_CREATE_PER_IP_PER_MIN: '1000' } });

const SOURCE_TITLE = 'Source-title-Zq81';

/** Everything a reader can get of the fork: its view, its page and its revisions, as text. */
async function whatReaderGets(client: HttpClient, forkId: string, headers: Record<string, string> = {}) {
  const view = await client.get(`/api/pastes/${forkId}`, { headers });
  const page = await client.get(`/paste/${forkId}`, { headers });
  expect(view.status).toBe(200);
  expect(page.status).toBe(200);
  const others = [
    await client.get(`/api/pastes/${forkId}/revisions`, { headers }),
    await client.get(`/api/pastes/${forkId}/revisions/1`, { headers }),
    await client.get(`/api/pastes/${forkId}/revisions/2/raw`, { headers }),
  ];
  for (const res of others) expect(res.status).toBe(200);
  return { view: view.body, page: page.text, all: [view.text, page.text, ...others.map((r) => r.text)] };
}

async function forkOf(source: { id: string }) {
  const { client: forker } = await signedIn(t);
  const fork = await createPaste(forker, { title: 'The fork', content: 'a\nb\n', forkedFrom: source.id });
  expect((await forker.put(`/api/pastes/${fork.id}`, { content: 'a\nb\nc\n' })).status).toBe(200);
  return { fork, forker };
}

describe('the source a public fork names', () => {
  it('is not named when unlisted: no id, no title in the JSON, the first HTML or the revisions', async () => {
    const { client: author } = await signedIn(t);
    const source = await createPaste(author, { title: SOURCE_TITLE, content: 'a\n', privacy: 'unlisted' });
    const { fork, forker } = await forkOf(source);
    for (const reader of [t.client(), forker, (await signedIn(t)).client]) {
      const got = await whatReaderGets(reader, fork.id);
      expect(got.view.forkedFrom).toBeUndefined();
      for (const text of got.all) {
        expect(text).not.toContain(source.id);
        expect(text).not.toContain(SOURCE_TITLE);
      }
    }
    // Its author knows it: named to them, in the view and in the page.
    const mine = await whatReaderGets(author, fork.id);
    expect(mine.view.forkedFrom).toEqual({ id: source.id, title: SOURCE_TITLE });
    expect(mine.page).toContain(`/paste/${source.id}`);
    expect(mine.page).toContain(SOURCE_TITLE);
  });

  it('is named to the visitor who made an unlisted source, by their creator token', async () => {
    const source = await createPaste(t.client(), {
      title: SOURCE_TITLE,
      content: 'a\n',
      privacy: 'unlisted',
    });
    const { fork } = await forkOf(source);
    const token = { 'x-creator-token': source.creatorToken! };
    expect((await t.client().get(`/api/pastes/${fork.id}`, { headers: token })).body.forkedFrom).toEqual({
      id: source.id,
      title: SOURCE_TITLE,
    });
    expect((await t.client().get(`/api/pastes/${fork.id}`)).body.forkedFrom).toBeUndefined();
  });

  it('is named to everyone when public, in the JSON and the first HTML', async () => {
    const source = await createPaste(t.client(), { title: SOURCE_TITLE, content: 'a\n', privacy: 'public' });
    const { fork } = await forkOf(source);
    const got = await whatReaderGets(t.client(), fork.id);
    expect(got.view.forkedFrom).toEqual({ id: source.id, title: SOURCE_TITLE });
    expect(got.page).toContain(`/paste/${source.id}`);
    expect(got.page).toContain(SOURCE_TITLE);
  });
});
