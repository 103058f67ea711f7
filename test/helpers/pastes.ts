import type { HttpClient } from './http-client.js';

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
