import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPastePage } from '../src/web/ssr/render-paste-page.js';
import { createPaste } from './helpers/pastes.js';
import { withTestApp } from './helpers/test-app.js';
import { tempDir } from './helpers/test-db.js';

const webRoot = tempDir('pasteshare-oembed-web-');
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const t = withTestApp({ webRoot, renderPastePage, each: false });

const DISCOVERY = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)" title="([^"]*)" \/>/;

describe('oEmbed discovery in a paste page’s first HTML', () => {
  it('names the oEmbed address of public and unlisted pastes, which answers for them', async () => {
    for (const privacy of ['public', 'unlisted']) {
      const { id } = await createPaste(t.client(), { privacy, title: `${privacy} notes`, content: 'x' });
      const page = await t.client().get(`/paste/${id}`);
      const link = DISCOVERY.exec(page.text);
      expect(link, privacy).not.toBeNull();
      const href = link![1]!.replaceAll('&amp;', '&');
      expect(href).toBe(
        `${t.baseUrl}/api/oembed?url=${encodeURIComponent(`${t.baseUrl}/paste/${id}`)}&format=json`,
      );
      expect(link![2]).toBe(`${privacy} notes`);
      const answer = await t.client().get(href.slice(t.baseUrl.length));
      expect(answer.status).toBe(200);
      expect(answer.body.title).toBe(`${privacy} notes`);
    }
  });

  it('names none for a password or burn paste', async () => {
    const password = await createPaste(t.client(), {
      privacy: 'password',
      password: 'pw-123456',
      content: 'p',
    });
    const burn = await createPaste(t.client(), { burnAfterReading: true, content: 'b' });
    for (const { id } of [password, burn]) {
      const page = await t.client().get(`/paste/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('json+oembed');
    }
  });
});
