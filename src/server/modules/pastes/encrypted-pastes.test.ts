import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobKeyOf, createPaste } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { ENCRYPTED_TITLE_PLACEHOLDER, SEALED_LINE_TABLE_MAX_LENGTH } from '../../../common/constants.js';
import {
  generateKey,
  LineCounter,
  openBytes,
  openLineTable,
  openText,
  openTitle,
  PSE1,
  sealBytes,
  sealLineTable,
  sealText,
  sealTitle,
  toBase64,
} from '../../../common/paste-crypto/index.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import { lineIndexKey } from '../line-index/line-index-store.js';

/**
 * End-to-end encrypted pastes as the server handles them. It stores the pse1 bytes it
 * is given, checks what it can without the key (header, layout, sizes), serves them back as bytes
 * and keeps every rule it can keep without reading them.
 */
const t = withTestApp();

const MARKER = 'e2e-marker-Zq7vK3pX';
const TITLE_MARKER = 'title-marker-Wd8sLm2Q';

async function sealed(text = `secret text ${MARKER}\nline two\n`) {
  const key = await generateKey();
  const bytes = await sealText(key, text);
  return { key, bytes, sealedTitle: await sealTitle(key, `My ${TITLE_MARKER}`) };
}

function encryptedBody(s: { bytes: Uint8Array; sealedTitle: string }, extra: Record<string, unknown> = {}) {
  return { encrypted: true, content: toBase64(s.bytes), sealedTitle: s.sealedTitle, ...extra };
}

/** Bytes of a response, as a client downloading it gets them. */
async function fetchBytes(p: string, headers: Record<string, string> = {}) {
  const res = await fetch(t.baseUrl + p, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Every file under the data folder (SQLite file, WAL, blobs), concatenated. */
function dataFolderBytes(): Buffer {
  const parts: Buffer[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) parts.push(fs.readFileSync(p));
    }
  };
  walk(t.dataDir);
  return Buffer.concat(parts);
}

/** Every column of every paste row, as text (the "dump" of the table on either database). */
async function pasteRowsText(): Promise<string> {
  return JSON.stringify(await t.db.kysely.selectFrom('pastes').selectAll().execute());
}

async function countStored() {
  const rows = await t.db.kysely.selectFrom('pastes').select('id').execute();
  const blobDir = path.join(t.dataDir, 'blobs');
  const blobs = fs.existsSync(blobDir) ? fs.readdirSync(blobDir, { recursive: true }).length : 0;
  return { rows: rows.length, blobs };
}

describe('an encrypted paste created as JSON', () => {
  it('is stored as the sealed bytes, viewed as base64 that opens to the text, with a placeholder title', async () => {
    const s = await sealed();
    const res = await t.client().post('/api/pastes', encryptedBody(s, { language: 'python' }));
    expect(res.status).toBe(201);
    const { id } = res.body;

    const view = await t.client().get(`/api/pastes/${id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      id,
      encrypted: true,
      sealedTitle: s.sealedTitle,
      title: ENCRYPTED_TITLE_PLACEHOLDER,
      language: 'python',
      sizeBytes: s.bytes.length,
      isExtreme: false,
    });
    expect(await openText(s.key, Buffer.from(view.body.content, 'base64'))).toContain(MARKER);
    expect(await openTitle(s.key, view.body.sealedTitle)).toBe(`My ${TITLE_MARKER}`);

    // Raw, API raw and download: the same bytes, as bytes.
    for (const p of [`/raw/${id}`, `/api/pastes/${id}/raw`, `/api/pastes/${id}/download`]) {
      const { res: r, bytes } = await fetchBytes(p);
      expect(r.status, p).toBe(200);
      expect(r.headers.get('content-type'), p).toBe('application/octet-stream');
      expect(Buffer.from(bytes).equals(Buffer.from(s.bytes)), p).toBe(true);
      if (p.endsWith('/download')) {
        expect(r.headers.get('content-disposition')).toContain(`filename="${id}.pse1"`);
      }
    }
    // A range: the header alone, then a slice from the middle.
    const head = await fetchBytes(`/raw/${id}`, { range: `bytes=0-${PSE1.HEADER_BYTES - 1}` });
    expect(head.res.status).toBe(206);
    expect(Buffer.from(head.bytes).equals(Buffer.from(s.bytes.subarray(0, PSE1.HEADER_BYTES)))).toBe(true);
    const mid = await fetchBytes(`/api/pastes/${id}/download`, { range: 'bytes=20-29' });
    expect(mid.res.status).toBe(206);
    expect(mid.res.headers.get('content-range')).toBe(`bytes 20-29/${s.bytes.length}`);
    expect(Buffer.from(mid.bytes).equals(Buffer.from(s.bytes.subarray(20, 30)))).toBe(true);

    // The marker reaches neither the data folder nor the database; the row knows what it holds.
    expect(dataFolderBytes().includes(MARKER)).toBe(false);
    expect(dataFolderBytes().includes(TITLE_MARKER)).toBe(false);
    const rows = await pasteRowsText();
    expect(rows).not.toContain(MARKER);
    expect(rows).not.toContain(TITLE_MARKER);
    const row = await t.db.kysely
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: ENCRYPTED_TITLE_PLACEHOLDER,
      content: null,
      encryption: 1,
      sealed_title: s.sealedTitle,
      size_bytes: s.bytes.length,
    });
    expect(row.blob_key).not.toBeNull();
  });

  it('keeps privacy and password rules: a password paste is locked until verified', async () => {
    const s = await sealed();
    const { id } = (
      await t.client().post('/api/pastes', encryptedBody(s, { privacy: 'password', password: 'pw-123456' }))
    ).body;
    const locked = await t.client().get(`/api/pastes/${id}`);
    expect(locked.body).toMatchObject({ requiresPassword: true, encrypted: true });
    expect(locked.body.content).toBeUndefined();
    expect((await t.client().get(`/raw/${id}`)).status).toBe(401);
    const open = await t.client().post(`/api/pastes/${id}/verify`, { password: 'pw-123456' });
    expect(open.status).toBe(200);
    expect(await openText(s.key, Buffer.from(open.body.content, 'base64'))).toContain(MARKER);
  });

  it('over 10 MB sealed is extreme: no content in the view, the download is the bytes, no line index', async () => {
    const key = await generateKey();
    const plain = new Uint8Array(11 * 1024 * 1024).fill(0x61);
    const bytes = await sealBytes(key, plain);
    const res = await t.client().post('/api/pastes', {
      encrypted: true,
      content: toBase64(bytes),
      sealedTitle: await sealTitle(key, ''),
    });
    expect(res.status).toBe(201);
    const { id } = res.body;
    const view = await t.client().get(`/api/pastes/${id}`);
    expect(view.body).toMatchObject({
      isExtreme: true,
      encrypted: true,
      downloadUrl: `/api/pastes/${id}/download`,
    });
    expect(view.body.content).toBeUndefined();
    const { bytes: got } = await fetchBytes(`/api/pastes/${id}/download`);
    expect(Buffer.from(await openBytes(key, got)).equals(Buffer.from(plain))).toBe(true);
    expect(await t.app.services.blobs.size(lineIndexKey(await blobKeyOf(t, id)))).toBeNull();
  });

  it('keeps the line table its creator sealed, served to its readers, and drops it with the paste', async () => {
    const key = await generateKey();
    const plain = Buffer.from(`${'a log line of some length\n'.repeat(450_000)}no final newline`);
    const counter = new LineCounter(2 ** PSE1.DEFAULT_CHUNK_LOG2);
    counter.add(plain);
    const table = counter.finish();
    const sealedLineTable = toBase64(await sealLineTable(key, table));
    const bytes = await sealBytes(key, plain);
    const res = await t.client().post('/api/pastes', {
      encrypted: true,
      content: toBase64(bytes),
      sealedTitle: await sealTitle(key, ''),
      sealedLineTable,
    });
    expect(res.status).toBe(201);
    const { id } = res.body;

    const { res: got, bytes: served } = await fetchBytes(`/api/pastes/${id}/line-table`);
    expect(got.status).toBe(200);
    expect(toBase64(served)).toBe(sealedLineTable);
    const layout = {
      chunkBytes: 2 ** PSE1.DEFAULT_CHUNK_LOG2,
      chunks: table.chunks,
      plainBytes: plain.length,
    };
    const opened = await openLineTable(key, served, layout);
    expect(opened?.totalLines).toBe(450_001);
    expect(opened).toEqual(table);

    const blobKey = await blobKeyOf(t, id);
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.delete(`/api/pastes/${id}`)).status).toBe(200);
    expect((await t.client().get(`/api/pastes/${id}/line-table`)).status).toBe(404);
    expect(await t.app.services.blobs.size(lineIndexKey(blobKey))).toBeNull();
  });

  it('refuses what does not fit the contract with 400 and its message, writing nothing', async () => {
    const s = await sealed();
    const before = await countStored();
    const goodContent = toBase64(s.bytes);
    const badHeader = Uint8Array.from(s.bytes);
    badHeader[0] = 0x51; // not "PSE"
    const badVersion = Uint8Array.from(s.bytes);
    badVersion[3] = 2;
    const badChunkLog2 = Uint8Array.from(s.bytes);
    badChunkLog2[4] = 30;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'readable title' }, PASTE_MESSAGES.encryptedTitleNotAllowed],
      [{ sealedTitle: undefined }, PASTE_MESSAGES.sealedTitleRequired],
      [{ sealedTitle: 'A'.repeat(1025) }, PASTE_MESSAGES.sealedTitleInvalid],
      [{ sealedTitle: 'not base64url!' }, PASTE_MESSAGES.sealedTitleInvalid],
      [{ sealedTitle: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, PASTE_MESSAGES.sealedTitleInvalid],
      [{ content: `${goodContent.slice(0, -4)}!!==` }, PASTE_MESSAGES.encryptedContentInvalid],
      [{ content: goodContent.replaceAll('=', '') }, PASTE_MESSAGES.encryptedContentInvalid],
      [{ content: ` ${goodContent}` }, PASTE_MESSAGES.encryptedContentInvalid],
      [{ content: toBase64(badHeader) }, PASTE_MESSAGES.encryptedContentInvalid],
      [{ content: toBase64(badVersion) }, PASTE_MESSAGES.encryptedContentInvalid],
      [{ content: toBase64(badChunkLog2) }, PASTE_MESSAGES.encryptedContentInvalid],
      // One byte short of the last chunk's tag, and a header alone: not a whole sealed stream.
      [
        { content: toBase64(s.bytes.subarray(0, PSE1.HEADER_BYTES + 15)) },
        PASTE_MESSAGES.encryptedContentInvalid,
      ],
      [{ content: toBase64(s.bytes.subarray(0, PSE1.HEADER_BYTES)) }, PASTE_MESSAGES.encryptedContentInvalid],
      [{ content: '' }, PASTE_MESSAGES.encryptedContentInvalid],
      [{ forkedFrom: 'abcdefabcdef' }, PASTE_MESSAGES.encryptedNoFork],
      [{ sealedLineTable: 'not base64!' }, PASTE_MESSAGES.lineTableInvalid],
      [
        { sealedLineTable: toBase64(new TextEncoder().encode('PSL1 plain bytes')) },
        PASTE_MESSAGES.lineTableInvalid,
      ],
    ];
    for (const [extra, message] of cases) {
      const res = await t.client().post('/api/pastes', encryptedBody(s, extra));
      expect(res.status, JSON.stringify(extra).slice(0, 80)).toBe(400);
      expect(res.body.message, JSON.stringify(extra).slice(0, 80)).toBe(message);
    }
    const longTable = await t
      .client()
      .post(
        '/api/pastes',
        encryptedBody(s, { sealedLineTable: 'A'.repeat(SEALED_LINE_TABLE_MAX_LENGTH + 4) }),
      );
    expect([longTable.status, longTable.body.message]).toEqual([
      400,
      `sealedLineTable: ${PASTE_MESSAGES.lineTableInvalid}`,
    ]);
    // A sealed title on a plain paste is a mistake, not something to ignore.
    const plain = await t.client().post('/api/pastes', { content: 'plain', sealedTitle: s.sealedTitle });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe(PASTE_MESSAGES.sealedTitleNotEncrypted);
    const table = toBase64(
      await sealLineTable(s.key, new LineCounter(2 ** PSE1.DEFAULT_CHUNK_LOG2).finish()),
    );
    const plainWithTable = await t.client().post('/api/pastes', { content: 'plain', sealedLineTable: table });
    expect([plainWithTable.status, plainWithTable.body.message]).toEqual([
      400,
      PASTE_MESSAGES.lineTableNotEncrypted,
    ]);
    expect(await countStored()).toEqual(before);
  });

  it('counts the sealed bytes against the size limit', async () => {
    await t.app.services.settings.update({ maxPasteSize: String(1024 * 1024) });
    const key = await generateKey();
    const sealedTitle = await sealTitle(key, '');
    // 1 MiB of sealed bytes fits; one more plaintext byte makes it 17 bytes too many.
    const fits = await sealBytes(key, new Uint8Array(1024 * 1024 - PSE1.HEADER_BYTES - 2 * PSE1.TAG_BYTES), {
      chunkLog2: 19,
    });
    expect(fits.length).toBe(1024 * 1024);
    const ok = await t
      .client()
      .post('/api/pastes', { encrypted: true, content: toBase64(fits), sealedTitle });
    expect(ok.status).toBe(201);
    const over = await sealBytes(
      key,
      new Uint8Array(1024 * 1024 - PSE1.HEADER_BYTES - 2 * PSE1.TAG_BYTES + 1),
      {
        chunkLog2: 19,
      },
    );
    const res = await t
      .client()
      .post('/api/pastes', { encrypted: true, content: toBase64(over), sealedTitle });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/^Paste is 1\.00 MB\. Maximum size is 1\.00 MB\.$/);
  });
});

describe('what the server cannot do with an encrypted paste', () => {
  it('refuses edits (409), lines and search (409), revisions (409)', async () => {
    const { client } = await signedIn(t);
    const s = await sealed();
    const { id } = (await client.post('/api/pastes', encryptedBody(s))).body;
    const edit = await client.put(`/api/pastes/${id}`, { content: 'new text' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(PASTE_MESSAGES.encryptedNotEditable);
    for (const p of [`/api/pastes/${id}/lines?from=1`, `/api/pastes/${id}/search?q=secret`]) {
      const res = await client.get(p);
      expect(res.status, p).toBe(409);
      expect(res.body.message, p).toBe(PASTE_MESSAGES.encryptedNoServerRead);
    }
    expect((await client.get(`/api/pastes/${id}/revisions`)).status).toBe(409);
  });

  it('leaves it off the leaderboard, and gives a link preview nothing of it', async () => {
    const s = await sealed();
    const enc = (await t.client().post('/api/pastes', encryptedBody(s))).body.id as string;
    const { id: plain } = await createPaste(t.client(), { title: 'plain one', content: 'plain text' });
    await t.db.kysely.updateTable('pastes').set({ view_count: 100 }).execute();
    const top = await t.client().get('/api/top-views');
    expect(top.status).toBe(200);
    const ids = (top.body.pastes as { id: string }[]).map((p) => p.id);
    expect(ids).toContain(plain);
    expect(ids).not.toContain(enc);
    // A plain paste's view has neither encryption field.
    const plainView = await t.client().get(`/api/pastes/${plain}`);
    expect(plainView.body).not.toHaveProperty('encrypted');
    expect(plainView.body).not.toHaveProperty('sealedTitle');

    expect(await t.app.services.pastes.previewMeta(enc)).toMatchObject({ isPublic: false });
    expect(
      await t.app.services.pastes.pageView(enc, { user: null, ip: '1.2.3.4', countable: true, burn: 'hold' }),
    ).toBeNull();
  });
});

describe('an encrypted burn-after-reading paste', () => {
  it('gives the sealed content to exactly one of 50 concurrent readers, and it opens', async () => {
    const s = await sealed();
    const { id } = (await t.client().post('/api/pastes', encryptedBody(s, { expiration: 'burn' }))).body;
    const readers = Array.from({ length: 50 }, () => t.client());
    const results = await Promise.all(readers.map((c) => c.get(`/api/pastes/${id}`)));
    const withContent = results.filter((r) => r.status === 200 && r.body.content !== undefined);
    expect(withContent).toHaveLength(1);
    expect(results.filter((r) => r.status === 404)).toHaveLength(49);
    expect(await openText(s.key, Buffer.from(withContent[0]!.body.content, 'base64'))).toContain(MARKER);
  });
});

describe('an encrypted paste in a database backup', () => {
  it('round-trips as its sealed bytes (small and large) and line table, and a tampered base64 refuses the file', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const small = await sealed();
    const { id: smallId } = (await t.client().post('/api/pastes', encryptedBody(small))).body;
    const key = await generateKey();
    const largePlain = new Uint8Array(3 * 1024 * 1024).map((_, i) => i * 7);
    const large = { key, bytes: await sealBytes(key, largePlain), sealedTitle: await sealTitle(key, 't') };
    const counter = new LineCounter(2 ** PSE1.DEFAULT_CHUNK_LOG2);
    counter.add(largePlain);
    const sealedLineTable = toBase64(await sealLineTable(key, counter.finish()));
    const { id: largeId } = (await t.client().post('/api/pastes', encryptedBody(large, { sealedLineTable })))
      .body;

    const exported = await admin.get('/api/admin/database/export');
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain(MARKER);
    const doc = JSON.parse(exported.text);
    const rowOf = (id: string) => doc.tables.pastes.find((p: { id: string }) => p.id === id);
    expect(rowOf(smallId)).toMatchObject({
      encryption: 1,
      sealed_title: small.sealedTitle,
      content: toBase64(small.bytes),
      sealed_line_table: null,
    });
    expect(rowOf(largeId).sealed_line_table).toBe(sealedLineTable);

    const imported = await admin.post('/api/admin/database/import', undefined, {
      raw: exported.text,
      headers: { 'content-type': 'application/json' },
    });
    expect(imported.status).toBe(200);
    // The import ended every session: read as a visitor.
    for (const [id, s, plain] of [
      [smallId, small, null],
      [largeId, large, largePlain],
    ] as const) {
      const view = await t.client().get(`/api/pastes/${id}`);
      expect(view.body).toMatchObject({
        encrypted: true,
        sealedTitle: s.sealedTitle,
        sizeBytes: s.bytes.length,
      });
      const { bytes } = await fetchBytes(`/api/pastes/${id}/download`);
      expect(Buffer.from(bytes).equals(Buffer.from(s.bytes))).toBe(true);
      if (plain) expect(Buffer.from(await openBytes(s.key, bytes)).equals(Buffer.from(plain))).toBe(true);
      else expect(await openText(s.key, bytes)).toContain(MARKER);
    }
    // The restored paste opens in the browser with its table, as before the backup.
    const table = await fetchBytes(`/api/pastes/${largeId}/line-table`);
    expect([table.res.status, toBase64(table.bytes)]).toEqual([200, sealedLineTable]);
    expect((await t.client().get(`/api/pastes/${smallId}/line-table`)).status).toBe(404);

    const { client: admin2 } = await signedIn(t, 'admin');
    const bad = structuredClone(doc);
    bad.tables.pastes.find((p: { id: string }) => p.id === smallId).content = 'bm90IHBzZTE=';
    const refused = await admin2.post('/api/admin/database/import', undefined, {
      raw: JSON.stringify(bad),
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(PASTE_MESSAGES.encryptedContentInvalid);

    // A table that is no sealed stream, or one on a plain paste, refuses the file; nothing changes.
    const blobsBefore = (await countStored()).blobs;
    const plainRow = {
      ...rowOf(smallId),
      id: 'plainpaste01',
      encryption: null,
      sealed_title: null,
      content: 'x',
    };
    for (const [tables, message] of [
      [[{ ...rowOf(largeId), sealed_line_table: 'bm90IHBzZTE=' }], PASTE_MESSAGES.lineTableInvalid],
      [[{ ...plainRow, sealed_line_table: sealedLineTable }], PASTE_MESSAGES.lineTableNotEncrypted],
    ] as const) {
      const doc2 = structuredClone(doc);
      doc2.tables.pastes = tables;
      const res = await admin2.post('/api/admin/database/import', undefined, {
        raw: JSON.stringify(doc2),
        headers: { 'content-type': 'application/json' },
      });
      expect([res.status, res.body.message]).toEqual([400, `pastes row 1: sealed_line_table: ${message}`]);
    }
    expect((await countStored()).blobs).toBe(blobsBefore);
    const still = await fetchBytes(`/api/pastes/${largeId}/line-table`);
    expect(toBase64(still.bytes)).toBe(sealedLineTable);
  });
});

describe('strict base64 of large content', () => {
  it('is decoded in slices exactly as whole, and padding inside the text is refused', async () => {
    const { sealedContentOf } = await import('./encrypted-content.js');
    const key = await generateKey();
    const bytes = await sealBytes(
      key,
      new Uint8Array(7 * 1024 * 1024).map((_, i) => i % 251),
    );
    const text = toBase64(bytes);
    expect(text.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(Buffer.from(await sealedContentOf(text)).equals(Buffer.from(bytes))).toBe(true);
    // A padded group at the end of the first 4 Mi-character slice: valid there, not in the middle.
    const at = 4 * 1024 * 1024;
    const padded = `${text.slice(0, at - 4)}QQ==${text.slice(at)}`;
    await expect(sealedContentOf(padded)).rejects.toMatchObject({
      message: PASTE_MESSAGES.encryptedContentInvalid,
    });
  });
});
