import os from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { JSON_CREATE_MAX_BYTES } from '../../src/common/constants.js';
import { GENERIC_MESSAGES, PASTE_MESSAGES } from '../../src/common/messages.js';
import { maxLoopStall, postRaw } from '../helpers/loop-stall.js';
import { multipartBody } from '../helpers/multipart.js';
import { signedIn, withTestApp } from '../helpers/test-app.js';

/** No JSON body, hostile or merely large, may hold the event loop for long. */
const t = withTestApp({ each: false });

const MB = 1024 * 1024;

// The first requests pay for compiling the code paths; the goals are about a running server.
beforeAll(async () => {
  await postRaw(t.baseUrl, '/api/pastes', Buffer.from('{"content":"warm-up"}'));
  await postRaw(t.baseUrl, '/api/pastes', Buffer.from(`{"content":"x","x":${'['.repeat(100)}`));
});

function bomb(prefix: string, unit: string, bytes: number): Buffer {
  const head = Buffer.from(prefix);
  const body = Buffer.alloc(bytes, unit);
  return Buffer.concat([head, body]);
}

/** About `bytes` of paste text in lines: plain code, or with accents, CJK and emoji on every line. */
function pasteText(bytes: number, kind: 'ascii' | 'mixed'): string {
  const line =
    kind === 'ascii'
      ? 'const value = "quoted \\ value";\t// comment 0123456789 abcdefghijklmnopqrstuvwxyz\n'
      : 'const größe = "quoted \\ value";\t// façade 日本語 🎉 0123456789 abcdefghijklmnop\n';
  return line.repeat(Math.floor(bytes / Buffer.byteLength(line)));
}

/**
 * What is asserted is deterministic: the status, the message, what was stored. How long the
 * event loop stalled is printed as a report, never a pass condition (wall-clock
 * stalls measure the machine as much as the code); `npm run bench` times the JSON path.
 */
describe('nesting bombs', () => {
  // Under the create route's JSON limit, so the shape limits are what refuses them.
  const bombs = {
    'deep arrays': bomb('{"content":"x","x":', '[', 2 * MB - 100),
    'hundreds of thousands of objects': bomb('{"content":"x","x":[', '{},', 2 * MB - 100),
    'hundreds of thousands of numbers': bomb('{"content":"x","x":[', '0,', 2 * MB - 100),
  };

  for (const [name, body] of Object.entries(bombs)) {
    it(`refuses ${name} by its shape, before parsing it, and stores nothing`, async () => {
      const before = await t.db.kysely.selectFrom('pastes').select('id').execute();
      const { result, maxStallMs } = await maxLoopStall(() => postRaw(t.baseUrl, '/api/pastes', body));
      console.info(
        `${name}: answered in ${result.answeredInMs.toFixed(1)} ms, max stall ${maxStallMs.toFixed(1)} ms`,
      );
      expect(result.status).toBe(400);
      expect(result.text).toMatch(
        new RegExp(`${GENERIC_MESSAGES.jsonTooDeep}|${GENERIC_MESSAGES.jsonTooManyValues}`),
      );
      expect(await t.db.kysely.selectFrom('pastes').select('id').execute()).toEqual(before);
    });
  }

  it('refuses a bomb larger than the JSON limit by its size', async () => {
    const body = bomb('{"content":"x","x":', '[', JSON_CREATE_MAX_BYTES + 1);
    const res = await postRaw(t.baseUrl, '/api/pastes', body);
    expect(res.status).toBe(413);
  });

  it('keeps small routes to small bodies', async () => {
    const res = await t.client().post('/api/login', { username: 'x'.repeat(100 * 1024), password: 'p' });
    expect(res.status).toBe(413);
  });
});

describe('a maximum-size paste', () => {
  // Sent as multipart/form-data: the content part is streamed into the blob store, never one
  // string, never JSON.parse.
  for (const kind of ['ascii', 'mixed'] as const) {
    it(`(${kind} text) is created from multipart and reads back byte for byte`, async () => {
      const content = Buffer.from(pasteText(50 * MB, kind));
      const { body, contentType } = multipartBody({ title: 'big', expiration: '1d' }, content);
      const { result, maxStallMs } = await maxLoopStall(() =>
        postRaw(t.baseUrl, '/api/pastes', body, { 'Content-Type': contentType }),
      );
      console.info(
        `50 MB ${kind} create (${(body.length / MB).toFixed(1)} MiB multipart): answered in ` +
          `${result.answeredInMs.toFixed(0)} ms, max stall ${maxStallMs.toFixed(1)} ms, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
      expect(result.status).toBe(201);
      const id = JSON.parse(result.text.slice(result.text.indexOf('\r\n\r\n') + 4)).id;
      const raw = Buffer.from(await (await fetch(`${t.baseUrl}/raw/${id}`)).arrayBuffer());
      expect(raw.equals(content)).toBe(true);
    });
  }

  it('(raw body through the API) is created and reads back byte for byte', async () => {
    const { client } = await signedIn(t);
    const apiKey = (await client.post('/api/user/regenerate-api-key')).body.apiKey as string;
    const content = Buffer.from(pasteText(50 * MB, 'mixed'));
    const { result, maxStallMs } = await maxLoopStall(() =>
      postRaw(t.baseUrl, '/api/v1/pastes?title=big', content, {
        'Content-Type': 'text/plain',
        'X-API-Key': apiKey,
      }),
    );
    console.info(
      `50 MB raw v1 create: answered in ${result.answeredInMs.toFixed(0)} ms, max stall ${maxStallMs.toFixed(1)} ms`,
    );
    expect(result.status).toBe(201);
    const id = JSON.parse(result.text.slice(result.text.indexOf('\r\n\r\n') + 4)).id;
    const raw = Buffer.from(await (await fetch(`${t.baseUrl}/raw/${id}`)).arrayBuffer());
    expect(raw.equals(content)).toBe(true);
  });

  it('as JSON past the limit is refused with 413 naming the other ways, before it is parsed', async () => {
    const body = Buffer.from(JSON.stringify({ content: pasteText(51 * MB, 'ascii') }));
    expect(body.length).toBeGreaterThan(JSON_CREATE_MAX_BYTES);
    const result = await postRaw(t.baseUrl, '/api/pastes', body);
    expect(result.status).toBe(413);
    expect(result.text).toContain(JSON.stringify(PASTE_MESSAGES.createJsonTooLarge).slice(1, -1));
  });
});
