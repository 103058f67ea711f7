import type { NewPasteRow } from '../../src/server/modules/pastes/paste-insert-batcher.js';
import type { HttpClient } from './http-client.js';
import type { TestApp } from './test-app.js';

/** Creates a paste through the API and returns its id (and creator token for visitors). */
export async function createPaste(
  client: HttpClient,
  body: Record<string, unknown> = {},
): Promise<{ id: string; creatorToken?: string }> {
  const res = await client.post('/api/pastes', {
    content: 'hello world',
    privacy: 'public',
    expiration: '1d',
    ...body,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Creates a paste as the web app sends large content: a form with a `content` file part. */
export async function createPasteAsForm(
  client: HttpClient,
  content: string,
  fields: Record<string, string> = {},
): Promise<{ id: string; creatorToken?: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('content', new Blob([content]), 'paste.txt');
  const res = await client.post('/api/pastes', undefined, { raw: form });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}

/** A complete `pastes` row for tests that write to the table directly: public, ready, inline. */
export function pasteRow(id: string, extra: Partial<NewPasteRow> = {}): NewPasteRow {
  const content = extra.content ?? `content of ${id}`;
  return {
    id,
    title: `title ${id}`,
    content,
    blob_key: null,
    size_bytes: Buffer.byteLength(content ?? ''),
    privacy: 'public',
    password_hash: null,
    expiration: '1d',
    expires_at: null,
    burn_after_reading: 0,
    burn_claimed_at: null,
    creator_token_hash: null,
    status: 'ready',
    view_count: 0,
    user_id: null,
    created_at: 0,
    sweep_claimed_at: null,
    ...extra,
  };
}

/** The view count an instance has written for a paste, after flushing the counts it still holds. */
export async function storedViewCount(t: TestApp, id: string): Promise<number> {
  await t.app.services.views.flush();
  const row = await t.db.kysely
    .selectFrom('pastes')
    .select('view_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.view_count;
}

/** Where a paste's content lives in the blob store (throws for an unknown paste or inline content). */
export async function blobKeyOf(t: TestApp, id: string): Promise<string> {
  const { blob_key } = await t.db.kysely
    .selectFrom('pastes')
    .select('blob_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (blob_key === null) throw new Error(`paste ${id} is stored inline`);
  return blob_key;
}
