import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { postRaw } from '../../../../test/helpers/loop-stall.js';
import { multipartBody } from '../../../../test/helpers/multipart.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { JSON_CREATE_MAX_BYTES } from '../../../common/constants.js';
import { GENERIC_MESSAGES, PASTE_MESSAGES, tooLargeWhileReceivingMessage } from '../../../common/messages.js';
import { INLINE_CONTENT_MAX_BYTES } from './pastes.limits.js';

/** POST /api/pastes as multipart/form-data: content streamed as a file part. */
const t = withTestApp();

function form(fields: Record<string, string>, content?: string | Uint8Array<ArrayBuffer>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (content !== undefined) f.append('content', new Blob([content]), 'paste.txt');
  return f;
}

const postForm = (f: FormData, client = t.client()) => client.post('/api/pastes', undefined, { raw: f });

/** Blob files kept in the data folder (the store's temp folder aside). */
function storedBlobs(): string[] {
  const root = path.join(t.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile(),
  );
}

async function expectNothingStored() {
  expect(await t.db.kysely.selectFrom('pastes').select('id').execute()).toEqual([]);
  expect(storedBlobs()).toEqual([]);
}

async function rawBytes(id: string): Promise<Buffer> {
  const res = await fetch(`${t.baseUrl}/raw/${id}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('multipart create', () => {
  it('stores the text byte for byte, with the form fields applied', async () => {
    const text = 'Grüße, 日本語 and 🎉 — tabs\tand\r\nCRLF\n';
    const res = await postForm(form({ title: 'From a form', expiration: '1w', privacy: 'unlisted' }, text));
    expect(res.status).toBe(201);
    expect((await rawBytes(res.body.id)).equals(Buffer.from(text))).toBe(true);
    const row = await t.db.kysely.selectFrom('pastes').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: 'From a form',
      expiration: '1w',
      privacy: 'unlisted',
      blob_key: null,
    });
    expect(row.size_bytes).toBe(Buffer.byteLength(text));
    expect(res.body.creatorToken).toEqual(expect.any(String));
  });

  it('streams large content into the blob store, byte-exact, fields after the file too', async () => {
    const line = 'const größe = "日本語 🎉";\n';
    const text = line.repeat(Math.ceil((3 * INLINE_CONTENT_MAX_BYTES) / Buffer.byteLength(line)));
    const { body, contentType } = multipartBody(
      { title: 'after', burnAfterReading: 'true' },
      Buffer.from(text),
      {
        contentFirst: true,
      },
    );
    const res = await postRaw(t.baseUrl, '/api/pastes', body, { 'Content-Type': contentType });
    expect(res.status).toBe(201);
    const { id } = JSON.parse(res.text.slice(res.text.indexOf('\r\n\r\n') + 4));
    const row = await t.db.kysely.selectFrom('pastes').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'after', burn_after_reading: 1, content: null });
    expect(storedBlobs()).toHaveLength(1);
    expect((await rawBytes(id)).equals(Buffer.from(text))).toBe(true);
  });

  it('refuses invalid UTF-8 with 400 and stores nothing (small, and large past the inline size)', async () => {
    const bad = Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]); // an encoded lone surrogate
    for (const content of [bad, Buffer.concat([Buffer.alloc(INLINE_CONTENT_MAX_BYTES * 2, 'a'), bad])]) {
      const res = await postForm(form({}, content));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PASTE_MESSAGES.contentNotUtf8);
    }
    await expectNothingStored();
  });

  it('refuses empty and whitespace-only content as JSON does', async () => {
    const blanks = ['', ' \n\t ', '\u3000\u00a0\u2028', ' '.repeat(INLINE_CONTENT_MAX_BYTES * 2)];
    for (const content of blanks) {
      const res = await postForm(form({}, content));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PASTE_MESSAGES.emptyContent);
    }
    await expectNothingStored();
  });

  it('refuses content over the size setting while it arrives, storing nothing', async () => {
    await t.app.services.settings.update({ maxPasteSize: String(1024 * 1024) });
    const ok = 'é'.repeat(512 * 1024); // exactly 1 MiB of UTF-8
    expect((await postForm(form({}, ok))).status).toBe(201);
    await t.db.kysely.deleteFrom('pastes').execute();
    for (const f of storedBlobs()) fs.rmSync(path.join(t.dataDir, 'blobs', f));

    const { body, contentType } = multipartBody({}, Buffer.alloc(20 * 1024 * 1024, 'x'));
    const res = await postRaw(t.baseUrl, '/api/pastes', body, { 'Content-Type': contentType });
    expect(res.status).toBe(413);
    expect(res.text).toContain(tooLargeWhileReceivingMessage(1024 * 1024));
    // The rest of the body was read and dropped before the answer: the parser, left with a file
    // part nobody reads, used to hold it back until the drain's 10 s ran out (a browser saw 413
    // only then).
    expect(res.bodySentFirst).toBe(true);
    await expectNothingStored();
  });

  it('needs a content file part, and refuses unknown or repeated parts', async () => {
    const missing = await postForm(form({ title: 'no content' }));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(PASTE_MESSAGES.contentPartMissing);

    const asText = await postForm(form({ content: 'text field, not a file' }));
    expect(asText.status).toBe(400);
    expect(asText.body.message).toBe(PASTE_MESSAGES.contentPartMissing);

    const unknown = await postForm(form({ titel: 'typo' }, 'text'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown form field: titel');

    const twice = form({}, 'one');
    twice.append('content', new Blob(['x'.repeat(INLINE_CONTENT_MAX_BYTES * 2)]), 'two.txt');
    const repeated = await postForm(twice);
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toBe('Repeated form field: content');

    const badField = await postForm(form({ privacy: 'secret' }, 'text'));
    expect(badField.status).toBe(400);
    expect(badField.body.message).toMatch(/^privacy: /);
    await expectNothingStored();
  });

  it('answers a malformed form (no boundary, cut short) with 400, storing nothing', async () => {
    const c = t.client();
    const noBoundary = await c.post('/api/pastes', undefined, {
      raw: 'abc',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body).toEqual({
      error: 'VALIDATION',
      message: GENERIC_MESSAGES.malformedMultipart,
      requestId: expect.any(String),
    });
    const cut = await c.post('/api/pastes', undefined, {
      raw: '--xyz\r\nContent-Disposition: form-data; name="content"; filename="a.txt"\r\n\r\nhello',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(cut.status).toBe(400);
    await expectNothingStored();
  });

  it('applies the same permission rules as JSON, keeping nothing when refused', async () => {
    const big = 'x'.repeat(INLINE_CONTENT_MAX_BYTES * 2);
    for (const [fields, status, message] of [
      [{ expiration: 'unlimited' }, 403, PASTE_MESSAGES.unlimitedNeedsVip],
      [{ expiration: '6m' }, 403, PASTE_MESSAGES.sixMonthsNeedsAccount],
      [{ privacy: 'password' }, 400, PASTE_MESSAGES.passwordRequired],
    ] as const) {
      const asJson = await t.client().post('/api/pastes', { content: 'x', ...fields });
      const asForm = await postForm(form(fields, big));
      expect([asForm.status, asForm.body.message]).toEqual([status, message]);
      expect([asJson.status, asJson.body.message]).toEqual([status, message]);
    }
    await expectNothingStored();

    const { client } = await signedIn(t, 'vip');
    const vip = await postForm(
      form({ expiration: 'unlimited', privacy: 'password', password: 'pw' }, big),
      client,
    );
    expect(vip.status).toBe(201);
    expect(vip.body.creatorToken).toBeUndefined();
    const row = await t.db.kysely.selectFrom('pastes').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ expiration: 'unlimited', expires_at: null, privacy: 'password' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('works from curl -F with a file, exactly as documented', async () => {
    const file = path.join(t.dataDir, 'file.txt');
    fs.writeFileSync(file, 'héllo from curl -F\n');
    const { stdout } = await promisify(execFile)('curl', [
      '-sS',
      `${t.baseUrl}/api/pastes`,
      '-F',
      `content=@${file}`,
      '-F',
      'title=x',
      '-F',
      'expiration=1w',
    ]);
    const { id } = JSON.parse(stdout);
    expect((await rawBytes(id)).toString()).toBe('héllo from curl -F\n');
    expect((await t.client().get(`/api/pastes/${id}`)).body).toMatchObject({ title: 'x', expiration: '1w' });
  });

  it('is refused from another site like any state change', async () => {
    const res = await t.client().post('/api/pastes', undefined, {
      raw: form({}, 'forged'),
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    await expectNothingStored();
  });
});

describe('JSON create', () => {
  it('takes JSON up to the chunked-upload threshold: a 3 MB log reads back byte for byte', async () => {
    const log = `${'2026-11-25T03:00:00Z INFO request done "ok" \\ ✓\n'.repeat(60_000)}end`;
    expect(Buffer.byteLength(log)).toBeGreaterThan(3_000_000);
    const res = await t.client().post('/api/pastes', { content: log });
    expect(res.status, res.text.slice(0, 200)).toBe(201);
    expect((await t.client().get(`/raw/${res.body.id}`)).text).toBe(log);
  });

  it('refuses a body past 50 MB (and 64 KiB for the other fields) with 413 naming the chunked upload', async () => {
    const over = Buffer.alloc(JSON_CREATE_MAX_BYTES + 1, 'x');
    over.write('{"content":"', 0);
    over.write('"}', over.length - 2);
    const res = await postRaw(t.baseUrl, '/api/pastes', over, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
    expect(res.text).toContain('chunked upload');
  });

  it('holds JSON to the site’s size limit when it is lower', async () => {
    await t.app.services.settings.update({ maxPasteSize: String(1024 * 1024) });
    const ok = await t.client().post('/api/pastes', { content: 'x'.repeat(1024 * 1024) });
    expect(ok.status).toBe(201);
    const over = await t.client().post('/api/pastes', { content: 'x'.repeat(1024 * 1024 + 1) });
    expect(over.status).toBe(413);
  });
});
