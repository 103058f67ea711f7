import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobKeyOf, createPaste, pasteRow, storedViewCount } from '../../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../../test/helpers/test-app.js';
import { uploadWhole, waitAssembled } from '../../../../../test/helpers/uploads.js';
import { EXTREME_PASTE_BYTES } from '../../../../common/constants.js';
import { PASTE_MESSAGES } from '../../../../common/messages.js';
import { PASTE_LINES_MESSAGES } from '../../../../common/schemas/paste-lines.js';
import { lineIndexKey } from '../../line-index/line-index-store.js';

const CHUNK = 1024 * 1024;
const t = withTestApp({ each: false, env: { TEST_UPLOAD_CHUNK_BYTES: String(CHUNK) } });

/** Lines as the web app splits them, each without the CR of a CRLF ending. */
function naiveLines(text: string): string[] {
  const raw = text.split('\n');
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  return raw.map((l, i) =>
    (i < raw.length - 1 || text.endsWith('\n')) && l.endsWith('\r') ? l.slice(0, -1) : l,
  );
}

/** ~12 MB of log: numbered lines with multi-byte characters, some CRLF, a marker near the end. */
function hugeLog(): string {
  const lines: string[] = [];
  let bytes = 0;
  for (let n = 1; bytes < EXTREME_PASTE_BYTES + 2 * CHUNK; n++) {
    const line = `${n} 2026-11-25 INFO Grüße 日本語 🎉 request ${n * 7} done${n % 5 === 0 ? '\r' : ''}`;
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  lines[lines.length - 3] = 'the MARKER-Ω line near the end';
  return `${lines.join('\n')}\n`;
}

const blobFile = (key: string) => path.join(t.dataDir, 'blobs', ...key.split('/'));

describe('a huge paste read by lines', () => {
  let id: string;
  let text: string;
  let lines: string[];

  it('is indexed when its chunked upload is assembled, and answers windows at the start, middle and end', async () => {
    text = hugeLog();
    lines = naiveLines(text);
    const { client } = await signedIn(t);
    ({ id } = await uploadWhole(client, Buffer.from(text), CHUNK));
    await waitAssembled(client, id);
    const key = await blobKeyOf(t, id);
    expect(fs.existsSync(blobFile(lineIndexKey(key)))).toBe(true);

    const reader = t.client();
    const first = await reader.get(`/api/pastes/${id}/lines`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toEqual({
      from: 1,
      lines: lines.slice(0, 200),
      totalLines: lines.length,
      sizeBytes: Buffer.byteLength(text),
    });
    const middle = Math.floor(lines.length / 2) - 17;
    const mid = await reader.get(`/api/pastes/${id}/lines?from=${middle}&count=1000`);
    expect(mid.body.lines).toEqual(lines.slice(middle - 1, middle - 1 + 1000));
    const end = await reader.get(`/api/pastes/${id}/lines?from=${lines.length - 2}&count=50`);
    expect(end.body.lines).toEqual(lines.slice(-3));
    expect(end.body.lines[0]).toBe('the MARKER-Ω line near the end');
    const past = await reader.get(`/api/pastes/${id}/lines?from=${lines.length + 1}`);
    expect(past.body).toMatchObject({ from: lines.length + 1, lines: [], totalLines: lines.length });
  });

  it('finds a marker near the end, continuing from nextFrom, and counts no view', async () => {
    // A search answers within a time budget: on a loaded machine it stops early and says where to
    // go on; followed to the end, the answers find the marker once and read every byte once.
    const found: unknown[] = [];
    let scanned = 0;
    for (let from = 1; ; ) {
      const res = await t
        .client()
        .get(`/api/pastes/${id}/search?q=${encodeURIComponent('MARKER-Ω')}&from=${from}`);
      expect(res.status).toBe(200);
      found.push(...res.body.matches);
      scanned += res.body.scannedBytes;
      expect(res.body.truncated).toBe(res.body.nextFrom !== null);
      if (res.body.nextFrom === null) break;
      expect(res.body.nextFrom).toBeGreaterThan(from);
      from = res.body.nextFrom;
    }
    expect(found).toEqual([{ line: lines.length - 2, text: 'the MARKER-Ω line near the end' }]);
    expect(scanned).toBe(Buffer.byteLength(text));
    const some = await t.client().get(`/api/pastes/${id}/search?q=INFO&limit=3&from=10`);
    expect(some.body).toMatchObject({
      matches: [10, 11, 12].map((line) => ({ line, text: lines[line - 1] })),
      truncated: true,
      nextFrom: 13,
    });
    const more = await t.client().get(`/api/pastes/${id}/search?q=INFO&limit=2&from=13`);
    expect(more.body.matches.map((m: { line: number }) => m.line)).toEqual([13, 14]);
    // Case-sensitive and literal.
    const none = await t.client().get(`/api/pastes/${id}/search?q=${encodeURIComponent('marker-ω')}`);
    expect(none.body).toMatchObject({ matches: [], truncated: false, nextFrom: null });
    expect(await storedViewCount(t, id)).toBe(0);
  });

  it('builds the index on the first read of a paste stored without one, once for concurrent readers', async () => {
    const key = await blobKeyOf(t, id);
    const { client } = await signedIn(t);
    const { id: older } = await uploadWhole(client, Buffer.from(text), CHUNK);
    await waitAssembled(client, older);
    const olderKey = await blobKeyOf(t, older);
    expect(olderKey).not.toBe(key);
    await t.app.services.blobs.delete(lineIndexKey(olderKey));
    expect(fs.existsSync(blobFile(lineIndexKey(olderKey)))).toBe(false);
    const answers = await Promise.all(
      [1, 5000, lines.length].map((from) =>
        t.client().get(`/api/pastes/${older}/lines?from=${from}&count=2`),
      ),
    );
    expect(answers.map((a) => a.body.lines)).toEqual([
      lines.slice(0, 2),
      lines.slice(4999, 5001),
      lines.slice(-1),
    ]);
    expect(fs.existsSync(blobFile(lineIndexKey(olderKey)))).toBe(true);
  });

  it('deletes the index with the paste', async () => {
    const key = await blobKeyOf(t, id);
    expect(await t.app.services.pastes.delete(id)).toBe(true);
    expect(fs.existsSync(blobFile(key))).toBe(false);
    expect(fs.existsSync(blobFile(lineIndexKey(key)))).toBe(false);
    const gone = await t.client().get(`/api/pastes/${id}/lines`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(PASTE_MESSAGES.notFound);
  });

  it('is indexed when a JSON create stores extreme content', async () => {
    const { client } = await signedIn(t);
    const res = await client.post('/api/pastes', { content: text, privacy: 'unlisted', expiration: '1d' });
    expect(res.status).toBe(201);
    expect(fs.existsSync(blobFile(lineIndexKey(await blobKeyOf(t, res.body.id))))).toBe(true);
    const mid = await t.client().get(`/api/pastes/${res.body.id}/lines?from=77777&count=3`);
    expect(mid.body.lines).toEqual(lines.slice(77776, 77779));
  });

  it('is indexed when a create stores extreme content (multipart)', async () => {
    const { client } = await signedIn(t);
    const form = new FormData();
    form.append('content', new Blob([text]), 'log.txt');
    const res = await client.post('/api/pastes', undefined, { raw: form });
    expect(res.status).toBe(201);
    const key = await blobKeyOf(t, res.body.id);
    expect(fs.existsSync(blobFile(lineIndexKey(key)))).toBe(true);
    const end = await t.client().get(`/api/pastes/${res.body.id}/lines?from=${lines.length}`);
    expect(end.body.lines).toEqual(lines.slice(-1));
    // Expired and swept: the index goes with the content.
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await t.client().get(`/api/pastes/${res.body.id}/lines`)).status).toBe(404);
    await t.app.services.pastes.sweep();
    expect(fs.existsSync(blobFile(key))).toBe(false);
    expect(fs.existsSync(blobFile(lineIndexKey(key)))).toBe(false);
  });
});

describe('reading by lines follows the read rules', () => {
  it('reads an inline paste by splitting it: CRLF ends dropped, a lone CR kept, empty lines kept', async () => {
    const { id } = await createPaste(t.client(), { content: 'a\r\nb\rc\n\n日本\n' });
    const res = await t.client().get(`/api/pastes/${id}/lines?from=1&count=10`);
    expect(res.body).toEqual({ from: 1, lines: ['a', 'b\rc', '', '日本'], totalLines: 4, sizeBytes: 15 });
    const cut = await createPaste(t.client(), { content: `${'x'.repeat(10_005)}\nshort` });
    const long = await t.client().get(`/api/pastes/${cut.id}/lines`);
    expect(long.body.lines).toEqual(['x'.repeat(10_000), 'short']);
    expect(long.body.truncatedLines).toEqual([1]);
    const found = await t.client().get(`/api/pastes/${id}/search?q=${encodeURIComponent('日')}`);
    expect(found.body.matches).toEqual([{ line: 4, text: '日本' }]);
  });

  it('needs a password paste’s password or grant', async () => {
    const { id } = await createPaste(t.client(), {
      privacy: 'password',
      password: 'pw',
      content: 'hidden\nlines',
    });
    for (const url of [`/api/pastes/${id}/lines`, `/api/pastes/${id}/search?q=hid`]) {
      const locked = await t.client().get(url);
      expect(locked.status).toBe(401);
      expect(locked.text).not.toContain('hidden');
      expect((await t.client().get(url, { headers: { 'x-paste-password': 'bad' } })).status).toBe(403);
      expect((await t.client().get(url, { headers: { 'x-paste-password': 'pw' } })).status).toBe(200);
    }
    const { accessToken } = (await t.client().post(`/api/pastes/${id}/verify`, { password: 'pw' })).body;
    const granted = await t.client().get(`/api/pastes/${id}/lines?access=${encodeURIComponent(accessToken)}`);
    expect(granted.body.lines).toEqual(['hidden', 'lines']);
  });

  it('refuses a burn-after-reading paste without burning it', async () => {
    const { id } = await createPaste(t.client(), { content: 'once only', expiration: 'burn' });
    for (const url of [`/api/pastes/${id}/lines`, `/api/pastes/${id}/search?q=once`]) {
      const res = await t.client().get(url);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PASTE_LINES_MESSAGES.burn);
      expect(res.text).not.toContain('once only');
    }
    // Still there for its one reader.
    expect((await t.client().get(`/api/pastes/${id}`)).body.content).toBe('once only');
  });

  it('answers 409 while processing and 404 for unknown or expired pastes', async () => {
    await t.db.kysely
      .insertInto('pastes')
      .values([
        pasteRow('lines-processing', { content: null, status: 'processing' }),
        pasteRow('lines-expired', { expires_at: t.clock.now() - 1 }),
      ])
      .execute();
    const processing = await t.client().get('/api/pastes/lines-processing/lines');
    expect(processing.status).toBe(409);
    expect(processing.body.message).toBe(PASTE_MESSAGES.stillProcessing);
    for (const bad of ['lines-expired', 'nope', '..%2F..']) {
      const res = await t.client().get(`/api/pastes/${bad}/search?q=x`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PASTE_MESSAGES.notFound);
    }
  });

  it('refuses bad parameters with their message', async () => {
    const { id } = await createPaste(t.client(), { content: 'x' });
    const cases: [string, string][] = [
      [`lines?from=0`, PASTE_LINES_MESSAGES.from],
      [`lines?from=abc`, PASTE_LINES_MESSAGES.from],
      [`lines?from=1e3`, PASTE_LINES_MESSAGES.from],
      [`lines?count=0`, PASTE_LINES_MESSAGES.count],
      [`lines?count=1001`, PASTE_LINES_MESSAGES.count],
      [`search`, PASTE_LINES_MESSAGES.query],
      [`search?q=`, PASTE_LINES_MESSAGES.query],
      [`search?q=${'a'.repeat(201)}`, PASTE_LINES_MESSAGES.query],
      [`search?q=a%0Ab`, PASTE_LINES_MESSAGES.queryOneLine],
      [`search?q=a&limit=1001`, PASTE_LINES_MESSAGES.limit],
    ];
    for (const [query, message] of cases) {
      const res = await t.client().get(`/api/pastes/${id}/${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(message);
    }
  });
});
