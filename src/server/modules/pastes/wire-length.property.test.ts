import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { pasteRow } from '../../../../test/helpers/pastes.js';
import { pipelinedGets } from '../../../../test/helpers/raw-http.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { GENERIC_MESSAGES } from '../../../common/messages.js';

/** A paste must never put bytes on the wire beyond its Content-Length. */
// Many creates from one address: the per-address creation limit is not what this tests.
const t = withTestApp({
  env: { MAX_PASTE_BYTES: String(4 * 1024 * 1024), PASTE_CREATE_PER_IP_PER_MIN: '100000' },
  each: false,
});

let apiKey: string;
beforeAll(async () => {
  const { client } = await signedIn(t);
  apiKey = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
});

/** Any text, weighted towards what breaks byte counts: lone surrogates, astral characters, NUL. */
const text = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom('\ud800', '\udfff', '\udbff\udfff', '🎉', '\u0000', 'é', '\r\n', 'A'),
      fc.constant('é'.repeat(150_000)), // 300 KB: stored in the blob store, not the row
    ),
    // At most 6 parts: a JSON create stays under its 2 MiB body limit.
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''))
  .filter((s) => s.trim().length > 0);

type WritePath = 'json' | 'form' | 'v1-json' | 'v1-raw';

async function create(path: WritePath, content: string) {
  const api = { noOrigin: true, headers: { 'x-api-key': apiKey } };
  if (path === 'json') return t.client().post('/api/pastes', { content });
  if (path === 'form') {
    // Bytes again: the browser's form encodes the text as UTF-8, a lone surrogate as U+FFFD.
    const form = new FormData();
    form.set('content', new Blob([Buffer.from(content, 'utf8')]), 'paste.txt');
    const res = await fetch(`${t.baseUrl}/api/pastes`, {
      method: 'POST',
      body: form,
      headers: { origin: t.baseUrl },
    });
    return { status: res.status, body: await res.json() };
  }
  if (path === 'v1-json') return t.client().post('/api/v1/pastes', { content }, api);
  // A raw body is bytes: a lone surrogate has no UTF-8 form, so what reaches the server is U+FFFD.
  return t.client().post('/api/v1/pastes', undefined, {
    ...api,
    raw: Buffer.from(content, 'utf8'),
    headers: { ...api.headers, 'content-type': 'text/plain' },
  });
}

const CONTENT_ROUTES = (id: string) => [`/raw/${id}`, `/api/pastes/${id}/raw`, `/api/pastes/${id}/download`];

describe('bytes on the wire', () => {
  it('equal Content-Length on every content route, for any text through every write path', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.constantFrom<WritePath>('json', 'form', 'v1-json', 'v1-raw'),
        async (content, via) => {
          const created = await create(via, content);
          const sent = via === 'v1-raw' || via === 'form' ? content.toWellFormed() : content;
          if (!sent.isWellFormed()) {
            expect(created.status).toBe(400);
            expect(created.body).toEqual({
              error: 'VALIDATION',
              message: `content: ${GENERIC_MESSAGES.illFormedText}`,
              requestId: expect.any(String),
            });
            return;
          }
          expect(created.status).toBe(201);
          const { id } = created.body;
          // As a visitor reads them; the v1 read needs the key (and counts against its limit).
          const answers = await pipelinedGets(t.baseUrl, CONTENT_ROUTES(id), {});
          const [v1] = await pipelinedGets(t.baseUrl, [`/api/v1/pastes/${id}`], { 'x-api-key': apiKey });
          const expected = Buffer.from(sent, 'utf8');
          for (const answer of answers) {
            expect(answer.status).toBe(200);
            expect(answer.body.equals(expected)).toBe(true);
          }
          expect(JSON.parse(v1!.body.toString('utf8')).content).toBe(sent);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses the issue’s repro, and stores nothing', async () => {
    const before = await t.db.kysely.selectFrom('pastes').select('id').orderBy('id').execute();
    const res = await t.client().post('/api/pastes', undefined, {
      raw: String.raw`{"content":"\ud800\ud800AAAAAAAAAAAA"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'VALIDATION',
      message: `content: ${GENERIC_MESSAGES.illFormedText}`,
      requestId: expect.any(String),
    });
    const title = await t.client().post('/api/pastes', undefined, {
      raw: String.raw`{"content":"fine","title":"x\udc00"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(title.body.message).toBe(`title: ${GENERIC_MESSAGES.illFormedText}`);
    expect(await t.db.kysely.selectFrom('pastes').select('id').orderBy('id').execute()).toEqual(before);
  });

  it('sends the length of the bytes it sends even when a stored size is wrong', async () => {
    // A row written before sizes were right: the answer must still frame correctly.
    await t.db.kysely
      .insertInto('pastes')
      .values(pasteRow('wrongsize1', { content: 'A'.repeat(30), size_bytes: 18 }))
      .execute();
    const answers = await pipelinedGets(t.baseUrl, CONTENT_ROUTES('wrongsize1'));
    for (const answer of answers) {
      expect(answer.headers['content-length']).toBe('30');
      expect(answer.body.toString()).toBe('A'.repeat(30));
    }
  });
});
