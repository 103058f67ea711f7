import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportKeyText,
  fromBase64,
  generateKey,
  importKeyText,
  openText,
  openTitle,
} from '../../src/common/paste-crypto/index.js';
import { startTcpProxy } from '../../test/helpers/tcp-proxy.js';
import { completeSetup, signedIn, startTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { cliHarness } from './harness.js';

const h = cliHarness();

/** A marker no other test writes: found anywhere on the site, the plaintext leaked. */
const marker = () => `E2E-CLI-${randomBytes(6).toString('hex')}`;

/** Every file of the site's data folder (the SQLite file, its WAL, the blobs) that holds `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).includes(Buffer.from(needle)));
}

/** `…/paste/ID#KEY` → its parts. */
function linkParts(link: string) {
  const m = /^(.*)\/paste\/([A-Za-z0-9_-]+)#([A-Za-z0-9_-]{43})$/.exec(link.trim());
  expect(m, link).not.toBeNull();
  return { site: m![1]!, id: m![2]!, keyText: m![3]! };
}

let t: TestApp;
let site: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  await completeSetup(t);
  const { client } = await signedIn(t);
  site = {
    PASTESHARE_URL: t.baseUrl,
    PASTESHARE_API_KEY: (await client.post('/api/user/regenerate-api-key')).body.apiKey,
  };
});
afterAll(() => t?.close());

describe('pasteshare --e2e and get LINK#KEY', () => {
  it('seals here: the site keeps only ciphertext, the link carries the key, get decrypts it byte for byte; no request carries the key', async () => {
    const mark = marker();
    const text = `Grüße 😀\r\n${mark} on line two\n\ttabbed, no final newline`;
    const sent: Buffer[] = [];
    const proxy = await startTcpProxy('127.0.0.1', Number(new URL(t.baseUrl).port), {
      onUplink: (bytes) => sent.push(Buffer.from(bytes)),
    });
    const viaProxy = `http://127.0.0.1:${proxy.port}`;
    try {
      // With an API key (the v1 create), and as a visitor (the web's create).
      for (const env of [{ ...site, PASTESHARE_URL: viaProxy }, { PASTESHARE_URL: viaProxy }]) {
        const made = await h.cli(['--e2e', '--title', 'notes ✓'], env, text);
        expect(made).toMatchObject({ code: 0, stderr: '' });
        const { site: host, id, keyText } = linkParts(made.stdout);
        expect(host).toBe(viaProxy);

        // What the site holds: a sealed title and sealed text, which the key opens (here, without the CLI).
        const view = (await t.client().get(`/api/pastes/${id}`)).body;
        expect(view).toMatchObject({ encrypted: true, title: 'Encrypted paste' });
        const key = (await importKeyText(keyText))!;
        expect(await openTitle(key, view.sealedTitle)).toBe('notes ✓');
        expect(await openText(key, fromBase64(view.content))).toBe(text);

        const read = await h.cli(['get', made.stdout.trim()]);
        expect(read).toMatchObject({ code: 0, stderr: '' });
        expect(read.stdoutBytes.equals(Buffer.from(text))).toBe(true);
        const sentText = Buffer.concat(sent).toString('latin1');
        expect(sentText).toContain(`/api/pastes/${id}/raw`);
        expect(sentText).not.toContain(keyText);
      }
      expect(filesHolding(t.dataDir, mark)).toEqual([]);
      expect(filesHolding(t.dataDir, 'notes ✓')).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('get refuses without the key or with a wrong one, and a burn paste survives both', async () => {
    const made = (await h.cli(['--e2e', '--expire', 'burn'], site, 'read me once\n')).stdout.trim();
    const { id } = linkParts(made);
    const bare = `${t.baseUrl}/paste/${id}`;
    expect(await h.cli(['get', bare])).toMatchObject({
      code: 1,
      stdout: '',
      stderr: "pasteshare: end-to-end encrypted: the link's #key is missing\n",
    });
    expect((await h.cli(['get', `${bare}#L2`])).stderr).toBe(
      "pasteshare: end-to-end encrypted: the link's #key is missing\n",
    );
    const wrong = await exportKeyText(await generateKey());
    expect(await h.cli(['get', `${bare}#${wrong}`])).toMatchObject({
      code: 3,
      stdout: '',
      stderr: "pasteshare: the link's key does not open this paste (a wrong key, or the paste was altered)\n",
    });
    // Still there: read once with its key, then gone.
    expect(await h.cli(['get', made])).toMatchObject({ code: 0, stdout: 'read me once\n' });
    expect((await h.cli(['get', made])).stderr).toMatch(/^pasteshare: 404: /);
  });

  it('a protected encrypted paste needs its password as well as its key', async () => {
    const made = (await h.cli(['--e2e', '--password=hunter22'], site, 'behind both\n')).stdout.trim();
    expect(await h.cli(['get', made, '--password=hunter22'])).toMatchObject({
      code: 0,
      stdout: 'behind both\n',
    });
    expect((await h.cli(['get', made])).stderr).toBe(
      'pasteshare: a password is needed and there is no terminal to ask on: pass --password=VALUE\n',
    );
  });

  it('refuses what a reader could not open (text that is not UTF-8, nothing but white space) and a link nobody would see (--quiet); nothing is kept', async () => {
    const count = async () => (await t.db.kysely.selectFrom('pastes').select('id').execute()).length;
    const before = await count();
    expect(await h.cli(['--e2e'], site, Buffer.from([0x61, 0xff, 0x62]))).toMatchObject({
      code: 1,
      stderr: 'pasteshare: standard input is not UTF-8 text: an encrypted paste holds text\n',
    });
    expect(await h.cli(['--e2e'], site, ' \n\t\n')).toMatchObject({
      code: 1,
      stderr: 'pasteshare: nothing to paste: standard input is empty or only white space\n',
    });
    // The key is only in the link printed: printing nothing would lose the paste.
    expect(await h.cli(['--e2e', '--quiet'], site, 'text\n')).toMatchObject({
      code: 1,
      stderr: 'pasteshare: --e2e and --quiet: the link printed is the only place the key is kept\n',
    });
    expect(await count()).toBe(before);
  });
});
