import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { PASTE_MESSAGES } from '../../../common/messages.js';

/**
 * The warning before a secret goes public, over HTTP: a create still succeeds and says
 * what it found (`secretsFound`); with `checkSecrets: true` it is refused (409) and nothing is kept.
 */
const t = withTestApp();

/** A generated fake (never a literal in our sources): an AWS access key id on line 3. */
const withKey = () =>
  `config:\n  region: eu-west-1\n  access_key_id: ${'AKIA'}${randomBytes(8).toString('hex').toUpperCase()}\n`;
const found = [{ kind: 'aws-access-key', line: 3 }];

const pasteCount = async () => (await t.db.kysely.selectFrom('pastes').select('id').execute()).length;
function storedBlobs(): string[] {
  const root = path.join(t.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile(),
  );
}

function form(fields: Record<string, string>, content: string): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('content', new Blob([content]), 'paste.txt');
  return f;
}

describe('secretsFound on a public create', () => {
  it('JSON: created, with what was found and where; nothing said for clean text or unlisted', async () => {
    const c = t.client();
    const res = await c.post('/api/pastes', { content: withKey(), expiration: '1d' });
    expect(res.status).toBe(201);
    expect(res.body.secretsFound).toEqual(found);
    expect((await c.get(`/api/pastes/${res.body.id}`)).status).toBe(200);

    const clean = await c.post('/api/pastes', { content: 'just text', expiration: '1d' });
    expect(clean.body).not.toHaveProperty('secretsFound');
    const unlisted = await c.post('/api/pastes', { content: withKey(), privacy: 'unlisted' });
    expect(unlisted.status).toBe(201);
    expect(unlisted.body).not.toHaveProperty('secretsFound');
  });

  it('checkSecrets: 409 with the list, nothing kept — JSON, multipart (large, in the blob store) and v1', async () => {
    const c = t.client();
    const refused = await c.post('/api/pastes', { content: withKey(), checkSecrets: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'SECRETS_DETECTED',
      message: PASTE_MESSAGES.secretsDetected,
      secretsFound: found,
      requestId: expect.any(String),
    });

    // Past the inline size the content streams to the blob store before the check: it is deleted.
    const big = `${'log line without anything\n'.repeat(20_000)}${withKey()}`;
    const viaForm = await c.post('/api/pastes', undefined, { raw: form({ checkSecrets: 'true' }, big) });
    expect(viaForm.status).toBe(409);
    expect(viaForm.body.secretsFound).toEqual([{ kind: 'aws-access-key', line: 20_003 }]);
    expect(await pasteCount()).toBe(0);
    expect(storedBlobs()).toEqual([]);

    const { client } = await signedIn(t);
    const key = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
    const v1Raw = (query: string) =>
      t.client().request('POST', `/api/v1/pastes${query}`, undefined, {
        noOrigin: true,
        raw: withKey(),
        headers: { 'x-api-key': key, 'content-type': 'text/plain' },
      });
    const v1 = await v1Raw('?checkSecrets=true');
    expect(v1.status).toBe(409);
    expect(v1.body.secretsFound).toEqual(found);
    const v1Made = await v1Raw('');
    expect(v1Made.status).toBe(201);
    expect(v1Made.body.secretsFound).toEqual(found);
    expect(await pasteCount()).toBe(1);
  });

  it('checkSecrets on clean text, or on a password paste, creates as usual', async () => {
    const c = t.client();
    expect((await c.post('/api/pastes', { content: 'nothing here', checkSecrets: true })).status).toBe(201);
    const locked = await c.post('/api/pastes', {
      content: withKey(),
      privacy: 'password',
      password: 'pw',
      checkSecrets: true,
    });
    expect(locked.status).toBe(201);
    expect(locked.body).not.toHaveProperty('secretsFound');
  });
});
