import { describe, expect, it } from 'vitest';
import { blobKeyOf } from '../../../../test/helpers/pastes.js';
import { createUser, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import {
  sendChunk,
  sha256,
  textOfSize,
  uploadWhole,
  waitAssembled,
} from '../../../../test/helpers/uploads.js';
import {
  CHUNK_SIZE_MIN_BYTES,
  ENCRYPTED_TITLE_PLACEHOLDER,
  SEALED_LINE_TABLE_MAX_LENGTH,
} from '../../../common/constants.js';
import { PASTE_MESSAGES } from '../../../common/messages.js';
import {
  DecryptError,
  generateKey,
  LineCounter,
  openBytes,
  openLineTable,
  PSE1,
  sealBytes,
  sealLineTable,
  sealTitle,
} from '../../../common/paste-crypto/index.js';
import { PASTE_LINES_MESSAGES } from '../../../common/schemas/paste-lines.js';
import { lineIndexKey } from '../line-index/line-index-store.js';

/**
 * An encrypted file through the chunked upload. The upload's chunks are the pse1 stream
 * cut at the upload's chunk size; the assembly checks the header and the layout (no UTF-8, no line
 * index). What only the key can tell (chunks moved or dropped whole), the reader's decryption does.
 */
const t = withTestApp();
const CHUNK = CHUNK_SIZE_MIN_BYTES; // 5 MiB, the smallest a client may choose

async function uploader() {
  const u = await createUser(t, { role: 'user' });
  return loginClient(t, u.username, u.plainPassword);
}

/** A plaintext of `size` bytes that is not all one byte, so moved chunks differ. */
function plaintext(size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + (i >> 12)) & 0xff;
  return out;
}

async function download(id: string) {
  const res = await fetch(`${t.baseUrl}/api/pastes/${id}/download`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function sealedFile(size: number) {
  const key = await generateKey();
  const plain = plaintext(size);
  return {
    key,
    plain,
    sealed: Buffer.from(await sealBytes(key, plain)),
    sealedTitle: await sealTitle(key, 'big.log'),
  };
}

const encryptedInit = (sealedTitle: string) => ({ encrypted: true, sealedTitle, chunkSize: CHUNK });

describe('an encrypted chunked upload', () => {
  it('is assembled as bytes: the download is what was sent and decrypts to the file', async () => {
    const c = await uploader();
    const f = await sealedFile(12 * 1024 * 1024);
    const { id, uploadId } = await uploadWhole(c, f.sealed, CHUNK, encryptedInit(f.sealedTitle));
    await waitAssembled(c, id);

    const view = await c.get(`/api/pastes/${id}`);
    expect(view.body).toMatchObject({
      encrypted: true,
      sealedTitle: f.sealedTitle,
      title: ENCRYPTED_TITLE_PLACEHOLDER,
      isExtreme: true,
      sizeBytes: f.sealed.length,
    });
    const { res, bytes } = await download(id);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(bytes.equals(f.sealed)).toBe(true);
    expect(Buffer.from(await openBytes(f.key, bytes)).equals(Buffer.from(f.plain))).toBe(true);
    expect((await c.get(`/api/pastes/upload/${uploadId}`)).body.sha256).toBe(sha256(f.sealed));

    const row = await t.db.kysely
      .selectFrom('pastes')
      .select(['blob_key', 'encryption', 'sealed_title', 'title'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      encryption: 1,
      sealed_title: f.sealedTitle,
      title: ENCRYPTED_TITLE_PLACEHOLDER,
    });
    expect(await t.app.services.blobs.size(lineIndexKey(row.blob_key!))).toBeNull();
  });

  it('fails the paste when the stream is not a pse1 layout (a chunk cut short, a bad header)', async () => {
    const c = await uploader();
    const f = await sealedFile(6 * 1024 * 1024);
    // The last sealed chunk cut to 10 bytes: shorter than its tag, no sealer makes that.
    const sealedChunk = 2 ** PSE1.DEFAULT_CHUNK_LOG2 + PSE1.TAG_BYTES;
    const cut = f.sealed.subarray(0, f.sealed.length - sealedChunk + 10);
    const badHeader = Buffer.from(f.sealed);
    badHeader[3] = 9;
    for (const data of [cut, badHeader]) {
      const { id } = await uploadWhole(c, data, CHUNK, encryptedInit(f.sealedTitle));
      let failure: Error | undefined;
      await waitAssembled(c, id).catch((e: Error) => {
        failure = e;
      });
      expect(failure?.message).toContain(PASTE_MESSAGES.encryptedContentInvalid);
      expect((await c.get(`/api/pastes/${id}`)).status).toBe(404);
    }
  });

  it('accepts what only the key can tell: reordered upload chunks, a sealed chunk dropped whole', async () => {
    const c = await uploader();
    // Four upload chunks (5 + 5 + 5 MiB and the rest): the middle two swap, header and sizes intact.
    const f = await sealedFile(15 * 1024 * 1024 + 300_000);
    const parts = [0, 1, 2, 3].map((i) => f.sealed.subarray(i * CHUNK, (i + 1) * CHUNK));
    const init = await c.post('/api/pastes/upload/init', {
      totalChunks: 4,
      totalSize: f.sealed.length,
      ...encryptedInit(f.sealedTitle),
    });
    expect(init.status).toBe(200);
    const { uploadId } = init.body;
    for (const [index, part] of [parts[0], parts[2], parts[1], parts[3]].entries()) {
      expect((await sendChunk(c, uploadId, index, Buffer.from(part!))).status).toBe(200);
    }
    const fin = await c.post('/api/pastes/upload/finalize', { uploadId });
    expect(fin.status).toBe(201);
    await waitAssembled(c, fin.body.id);
    const reordered = await download(fin.body.id);
    expect(reordered.bytes.length).toBe(f.sealed.length);
    await expect(openBytes(f.key, reordered.bytes)).rejects.toBeInstanceOf(DecryptError);

    // Sealed chunk 1 of a 7 MiB file dropped whole: still a well-formed layout, but it does not open.
    const g = await sealedFile(7 * 1024 * 1024);
    const sealedChunk = 2 ** PSE1.DEFAULT_CHUNK_LOG2 + PSE1.TAG_BYTES;
    const dropped = Buffer.concat([
      g.sealed.subarray(0, PSE1.HEADER_BYTES + sealedChunk),
      g.sealed.subarray(PSE1.HEADER_BYTES + 2 * sealedChunk),
    ]);
    const { id } = await uploadWhole(c, dropped, CHUNK, encryptedInit(g.sealedTitle));
    await waitAssembled(c, id);
    const got = await download(id);
    expect(got.bytes.equals(dropped)).toBe(true);
    const failure = await openBytes(g.key, got.bytes).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DecryptError);
  });

  it('refuses an init that breaks the encryption rules, opening nothing', async () => {
    const c = await uploader();
    const f = await sealedFile(1000);
    const base = { totalChunks: 1, totalSize: 6 * 1024 * 1024, chunkSize: CHUNK };
    const cases: [Record<string, unknown>, string][] = [
      [
        { encrypted: true, sealedTitle: f.sealedTitle, title: 'readable' },
        PASTE_MESSAGES.encryptedTitleNotAllowed,
      ],
      [{ encrypted: true }, PASTE_MESSAGES.sealedTitleRequired],
      [{ encrypted: true, sealedTitle: 'QUJD' }, PASTE_MESSAGES.sealedTitleInvalid],
      [{ sealedTitle: f.sealedTitle }, PASTE_MESSAGES.sealedTitleNotEncrypted],
    ];
    for (const [extra, message] of cases) {
      const res = await c.post('/api/pastes/upload/init', { ...base, totalChunks: 2, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.message, JSON.stringify(extra)).toBe(message);
    }
    expect(await t.db.kysely.selectFrom('upload_sessions').select('id').execute()).toHaveLength(0);
  });

  it("keeps the line table its uploader sealed, for the paste's readers only, and drops it with the paste", async () => {
    const c = await uploader();
    const key = await generateKey();
    const plain = textOfSize(11 * 1024 * 1024);
    const sealed = Buffer.from(await sealBytes(key, plain));
    const counter = new LineCounter(2 ** 20);
    counter.add(plain);
    const table = counter.finish();
    const sealedTable = Buffer.from(await sealLineTable(key, table));
    const init = { ...encryptedInit(await sealTitle(key, 'app.log')), privacy: 'unlisted' };
    const { id } = await uploadWhole(c, sealed, CHUNK, init, [c], {
      sealedLineTable: sealedTable.toString('base64'),
    });
    await waitAssembled(c, id);

    // Anyone with the link gets the sealed bytes as sent; with the key they are the content's table.
    const res = await fetch(`${t.baseUrl}/api/pastes/${id}/line-table`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const got = Buffer.from(await res.arrayBuffer());
    expect(got.equals(sealedTable)).toBe(true);
    const layout = { chunkBytes: 2 ** 20, chunks: table.chunks, plainBytes: plain.length };
    const opened = await openLineTable(key, got, layout);
    expect(opened?.totalLines).toBe(plain.toString('utf8').split('\n').length);
    expect(opened).toEqual(table);

    // Deleted: the table goes with the content, and the route says the paste is not there.
    const blobKey = await blobKeyOf(t, id);
    expect(await t.app.services.blobs.size(lineIndexKey(blobKey))).toBe(sealedTable.length);
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.delete(`/api/pastes/${id}`)).status).toBe(200);
    const after = await t.client().get(`/api/pastes/${id}/line-table`);
    expect([after.status, after.body.message]).toEqual([404, PASTE_MESSAGES.notFound]);
    expect(await t.app.services.blobs.size(lineIndexKey(blobKey))).toBeNull();
  });

  it('answers 404 for an encrypted paste sent without a table, 409 for a plain one, 401 while a password locks it', async () => {
    const c = await uploader();
    const f = await sealedFile(CHUNK + 100);
    const { id } = await uploadWhole(c, f.sealed, CHUNK, encryptedInit(f.sealedTitle));
    await waitAssembled(c, id);
    const none = await t.client().get(`/api/pastes/${id}/line-table`);
    expect([none.status, none.body.message]).toEqual([404, PASTE_LINES_MESSAGES.noLineTable]);

    const plain = await c.post('/api/pastes', { content: 'a\nb\n' });
    const ofPlain = await t.client().get(`/api/pastes/${plain.body.id}/line-table`);
    expect([ofPlain.status, ofPlain.body.message]).toEqual([409, PASTE_LINES_MESSAGES.lineTableOfPlain]);

    const g = await sealedFile(CHUNK + 100);
    const counter = new LineCounter(2 ** 20);
    counter.add(g.plain);
    const sealedLineTable = Buffer.from(await sealLineTable(g.key, counter.finish())).toString('base64');
    const locked = await uploadWhole(
      c,
      g.sealed,
      CHUNK,
      { ...encryptedInit(g.sealedTitle), privacy: 'password', password: 'hunter22' },
      [c],
      { sealedLineTable },
    );
    await waitAssembled(c, locked.id);
    const url = `/api/pastes/${locked.id}/line-table`;
    const visitor = t.client();
    expect((await visitor.get(url)).status).toBe(401);
    const open = await visitor.get(url, { headers: { 'x-paste-password': 'hunter22' } });
    expect(open.status).toBe(200);
  });

  it('refuses a table that is not a sealed stream, or one sent with a plain upload, changing nothing', async () => {
    const c = await uploader();
    const f = await sealedFile(CHUNK + 100);
    const totalChunks = 2;
    const { uploadId } = (
      await c.post('/api/pastes/upload/init', {
        totalChunks,
        totalSize: f.sealed.length,
        ...encryptedInit(f.sealedTitle),
      })
    ).body;
    for (let i = 0; i < totalChunks; i++)
      await sendChunk(c, uploadId, i, f.sealed.subarray(i * CHUNK, (i + 1) * CHUNK));
    for (const sealedLineTable of [
      'not base64!',
      Buffer.from('PSL1 plain bytes').toString('base64'),
      'A'.repeat(SEALED_LINE_TABLE_MAX_LENGTH + 4),
    ]) {
      const res = await c.post('/api/pastes/upload/finalize', { uploadId, sealedLineTable });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(PASTE_MESSAGES.lineTableInvalid);
    }
    expect((await c.get(`/api/pastes/upload/${uploadId}`)).body.status).toBe('receiving');
    expect(await t.db.kysely.selectFrom('pastes').select('id').execute()).toHaveLength(0);

    const text = textOfSize(CHUNK + 10);
    const plainInit = await c.post('/api/pastes/upload/init', {
      totalChunks: 2,
      totalSize: text.length,
      chunkSize: CHUNK,
    });
    const plainId = plainInit.body.uploadId;
    for (let i = 0; i < 2; i++) await sendChunk(c, plainId, i, text.subarray(i * CHUNK, (i + 1) * CHUNK));
    const table = Buffer.from(await sealLineTable(f.key, new LineCounter(2 ** 20).finish())).toString(
      'base64',
    );
    const res = await c.post('/api/pastes/upload/finalize', { uploadId: plainId, sealedLineTable: table });
    expect([res.status, res.body.message]).toEqual([400, PASTE_MESSAGES.lineTableNotEncrypted]);
    expect((await c.get(`/api/pastes/upload/${plainId}`)).body.status).toBe('receiving');
  });
});
