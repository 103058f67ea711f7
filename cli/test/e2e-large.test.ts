import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXTREME_PASTE_BYTES, JSON_CREATE_MAX_BYTES, MB } from '../../src/common/constants.js';
import {
  exportKeyText,
  generateKey,
  importKeyText,
  openLineTable,
  PSE1,
  plainSize,
  sealBytes,
  sealedSize,
} from '../../src/common/paste-crypto/index.js';
import { completeSetup, signedIn, startTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { tempDir } from '../../test/helpers/test-db.js';
import { cliHarness } from './harness.js';

const h = cliHarness();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Folders of files made here, removed after each test (they are large). */
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** `size` bytes of numbered log lines (multi-byte characters that chunk edges cut), and how many lines. */
function logFile(size: number): { file: string; lines: number; hash: string } {
  const parts: string[] = [];
  let length = 0;
  for (let n = 1; length < size; n += 1) {
    const line = `${String(n).padStart(8, '0')} INFO café € 😀 request served\n`;
    parts.push(line);
    length += Buffer.byteLength(line);
  }
  const data = Buffer.from(parts.join(''));
  const dir = tempDir();
  made.push(dir);
  const file = path.join(dir, 'app.log');
  fs.writeFileSync(file, data);
  return { file, lines: parts.length, hash: sha256(data) };
}

/**
 * The CLI's peak resident memory, in MB (its own count, written when it exits): a preload that
 * records process.resourceUsage().maxRSS.
 */
function peakMemory() {
  const dir = tempDir();
  const preload = path.join(dir, 'peak.cjs');
  const out = path.join(dir, 'peak.txt');
  fs.writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, String(process.resourceUsage().maxRSS)));`,
  );
  return {
    env: { NODE_OPTIONS: `--require ${preload}` },
    mb: () => Number(fs.readFileSync(out, 'utf8')) / 1024,
  };
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

/** The paste's sealed line table, opened with the link's key: the lines the huge viewer will find. */
async function lineTableOf(link: string, plainBytes: number) {
  const [, id, keyText] = /\/paste\/([^#]+)#(.+)$/.exec(link)!;
  const res = await fetch(`${t.baseUrl}/api/pastes/${id}/line-table`);
  expect(res.status).toBe(200);
  const layout = { chunkBytes: 2 ** PSE1.DEFAULT_CHUNK_LOG2, chunks: Math.ceil(plainBytes / MB), plainBytes };
  return openLineTable((await importKeyText(keyText!))!, new Uint8Array(await res.arrayBuffer()), layout);
}

describe('--e2e with large files', () => {
  it('over 10 MB sealed: one streamed create, with the line table the huge viewer reads', async () => {
    const json = logFile(12 * MB);
    expect(fs.statSync(json.file).size).toBeGreaterThan(EXTREME_PASTE_BYTES);
    const made = await h.cli([json.file, '--e2e', '--json'], site);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const answer = JSON.parse(made.stdout);
    expect(answer.uploadId).toBeUndefined();
    expect((await lineTableOf(answer.url, fs.statSync(json.file).size))?.totalLines).toBe(json.lines);
    const back = await h.cli(['get', answer.url]);
    expect(back).toMatchObject({ code: 0, stderr: '' });
    expect(sha256(back.stdoutBytes)).toBe(json.hash);
  });

  it('beyond what one JSON create carries: in chunks, the table at finalize; memory stays flat both ways', async () => {
    const small = { create: peakMemory(), get: peakMemory() };
    const link = (await h.cli(['--e2e'], { ...site, ...small.create.env }, 'small\n')).stdout.trim();
    expect((await h.cli(['get', link], small.get.env)).stdout).toBe('small\n');

    const big = logFile(120 * MB);
    const size = fs.statSync(big.file).size;
    // Sealed and written as base64 it would not fit one JSON create.
    expect((4 * sealedSize(size)) / 3).toBeGreaterThan(JSON_CREATE_MAX_BYTES);
    const peaks = { create: peakMemory(), get: peakMemory() };
    const made = await h.cli([big.file, '--e2e', '--json', '--chunk-size', '20M'], {
      ...site,
      ...peaks.create.env,
    });
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const answer = JSON.parse(made.stdout);
    expect(answer).toMatchObject({ resumed: false, chunksSent: Math.ceil(sealedSize(size) / (20 * MB)) });
    expect(answer.url).toMatch(/#[A-Za-z0-9_-]{43}$/);
    expect((await lineTableOf(answer.url, size))?.totalLines).toBe(big.lines);
    const back = await h.cli(['get', answer.url], peaks.get.env);
    expect(back.code).toBe(0);
    expect(sha256(back.stdoutBytes)).toBe(big.hash);

    // Holding the file and what it seals to would add twice its size; a chunk at a time adds the
    // garbage of sealed and opened chunks the collector lets pile up before it runs, which stops
    // growing (measured ~45 MB for 120 MB and for 400 MB alike, and 90–125 MB for 120 MB on a
    // machine loaded twenty times over, where the collector's helper threads starve): the bound
    // sits between that and twice the size.
    expect(peaks.create.mb() - small.create.mb()).toBeLessThan(1.5 * (size / MB));
    expect(peaks.get.mb() - small.get.mb()).toBeLessThan(1.5 * (size / MB));
  });
});

describe('get of an encrypted paste that does not open', () => {
  it('prints nothing when a later chunk is altered or the last one is cut off, though the first ones open', async () => {
    const key = await generateKey();
    const keyText = await exportKeyText(key);
    const plain = new TextEncoder().encode('x'.repeat(1.5 * MB));
    const sealed = Buffer.from(await sealBytes(key, plain));
    const chunk0End = PSE1.HEADER_BYTES + MB + PSE1.TAG_BYTES;
    const altered = Buffer.from(sealed);
    altered[chunk0End + 10]! ^= 1;
    const bodies: Record<string, Buffer> = { altered, cut: sealed.subarray(0, chunk0End), whole: sealed };
    expect(plainSize(sealed.length, PSE1.DEFAULT_CHUNK_LOG2)).toBe(plain.length);
    const fake = http.createServer((req, res) => {
      const body = bodies[/\/api\/pastes\/(\w+)\/raw/.exec(req.url ?? '')?.[1] ?? ''];
      if (!body) return res.writeHead(404).end();
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': body.length,
        'accept-ranges': 'bytes',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    try {
      expect(await h.cli(['get', `${url}/paste/altered#${keyText}`])).toMatchObject({
        code: 3,
        stdout: '',
        stderr:
          "pasteshare: the link's key does not open this paste (a wrong key, or the paste was altered)\n",
      });
      expect(await h.cli(['get', `${url}/paste/cut#${keyText}`])).toMatchObject({
        code: 3,
        stdout: '',
        stderr:
          'pasteshare: the paste ends before its last chunk (it was cut short): nothing of it is printed\n',
      });
      const whole = await h.cli(['get', `${url}/paste/whole#${keyText}`]);
      expect(whole.code).toBe(0);
      expect(whole.stdoutBytes.equals(Buffer.from(plain))).toBe(true);
    } finally {
      fake.close();
    }
  });
});
