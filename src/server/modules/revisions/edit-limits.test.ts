import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import {
  MAX_REVISIONS_PER_PASTE,
  PASTE_EDITS_PER_ACCOUNT_PER_MIN,
  REVISION_BYTES_PER_ACCOUNT,
} from '../../../common/constants.js';
import { GENERIC_MESSAGES, PASTE_MESSAGES } from '../../../common/messages.js';
import { loadConfig } from '../../config.js';

/**
 * Edits are metered like creates (per account and minute, session and API key together), a paste
 * has at most MAX_REVISIONS_PER_PASTE revisions, and the stored revisions of an account's pastes
 * at most REVISION_BYTES_PER_ACCOUNT bytes: a refused edit writes nothing.
 */
const QUOTA = 1_000_000;
const t = withTestApp({ env: { REVISION_BYTES_PER_ACCOUNT: String(QUOTA) } });

/** Text kept in the blob store (past the inline size), starting with `tag`. */
const blobText = (tag: string) => `${tag}\n${'0123456789abcdef'.repeat(18_000)}\n`; // 288 KB

function storedBlobs(): string[] {
  const root = path.join(t.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile(),
  );
}

const revisionCount = async (id: string) =>
  (await t.db.kysely.selectFrom('paste_revisions').select('number').where('paste_id', '=', id).execute())
    .length;

describe('edit limits', () => {
  it('has defaults settable by environment variables', () => {
    expect(loadConfig({}).pasteEditLimits).toEqual({
      perAccountPerMin: PASTE_EDITS_PER_ACCOUNT_PER_MIN,
      revisionBytesPerAccount: REVISION_BYTES_PER_ACCOUNT,
    });
    expect(PASTE_EDITS_PER_ACCOUNT_PER_MIN).toBe(120);
    expect(loadConfig({ PASTE_EDIT_PER_ACCOUNT_PER_MIN: '5' }).pasteEditLimits.perAccountPerMin).toBe(5);
    expect(() => loadConfig({ REVISION_BYTES_PER_ACCOUNT: '0' })).toThrow(/REVISION_BYTES_PER_ACCOUNT/);
  });

  it('refuses the 121st edit of an account in a minute with 429, its session and API key together', async () => {
    const { client } = await signedIn(t);
    const key = (await client.post('/api/user/regenerate-api-key')).body.apiKey as string;
    const { id } = await createPaste(client, { content: 'one\n' });
    const viaKey = (content: string) =>
      t.client().put(`/api/pastes/${id}`, { content }, { noOrigin: true, headers: { 'x-api-key': key } });
    // Edits that change nothing are edits too: they cost the same checks.
    for (let i = 0; i < PASTE_EDITS_PER_ACCOUNT_PER_MIN / 2; i++) {
      expect((await client.put(`/api/pastes/${id}`, { content: 'one\n' })).status).toBe(200);
      expect((await viaKey('one\n')).status).toBe(200);
    }
    const limited = await viaKey('two\n');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'RATE_LIMITED',
      message: GENERIC_MESSAGES.tooManyEdits,
      requestId: expect.any(String),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.put(`/api/pastes/${id}`, { content: 'two\n' })).status).toBe(429);
    expect((await t.client().get(`/api/pastes/${id}`)).body).toMatchObject({ content: 'one\n', revision: 1 });
    // Another account's edits are not affected.
    const { client: other } = await signedIn(t);
    const { id: theirs } = await createPaste(other, { content: 'mine\n' });
    expect((await other.put(`/api/pastes/${theirs}`, { content: 'mine, edited\n' })).status).toBe(200);
  });

  it(`keeps at most ${MAX_REVISIONS_PER_PASTE} revisions of a paste: the next edit is 409 and writes nothing`, async () => {
    const { client } = await signedIn(t);
    const { id } = await createPaste(client, { content: 'revision 1\n' });
    for (let n = 2; n <= MAX_REVISIONS_PER_PASTE; n++) {
      const res = await client.put(`/api/pastes/${id}`, { content: `revision ${n}\n` });
      expect(res.body).toEqual({ id, revision: n });
    }
    const blobs = storedBlobs();
    const refused = await client.put(`/api/pastes/${id}`, { content: blobText('one too many') });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'CONFLICT',
      message: PASTE_MESSAGES.tooManyRevisions,
      requestId: expect.any(String),
    });
    expect(storedBlobs()).toEqual(blobs);
    expect(await revisionCount(id)).toBe(MAX_REVISIONS_PER_PASTE);
    expect((await t.client().get(`/api/pastes/${id}`)).body).toMatchObject({
      content: `revision ${MAX_REVISIONS_PER_PASTE}\n`,
      revision: MAX_REVISIONS_PER_PASTE,
    });
  });

  it('counts the bytes of an account’s stored revisions, all its pastes together, against its quota', async () => {
    const { client } = await signedIn(t);
    const a = await createPaste(client, { content: blobText('a1') });
    const b = await createPaste(client, { content: blobText('b1') });
    // a: the original and a new text (576 KB); b: its original and one more would pass 1 MB.
    expect((await client.put(`/api/pastes/${a.id}`, { content: blobText('a2') })).status).toBe(200);
    const blobs = storedBlobs();
    const refused = await client.put(`/api/pastes/${b.id}`, { content: blobText('b2') });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'CONFLICT',
      message: PASTE_MESSAGES.revisionQuotaExceeded(QUOTA),
      requestId: expect.any(String),
    });
    expect(storedBlobs()).toEqual(blobs);
    expect(await revisionCount(b.id)).toBe(0);
    // Text an earlier revision already holds is not stored again: going back to a1 is allowed.
    expect((await client.put(`/api/pastes/${a.id}`, { content: blobText('a1') })).body).toEqual({
      id: a.id,
      revision: 3,
    });
    // A small edit still fits; another account has its own quota.
    expect((await client.put(`/api/pastes/${a.id}`, { content: 'short\n' })).status).toBe(200);
    const { client: other } = await signedIn(t);
    const c = await createPaste(other, { content: blobText('c1') });
    expect((await other.put(`/api/pastes/${c.id}`, { content: blobText('c2') })).status).toBe(200);
  });
});
