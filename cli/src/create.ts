import fs from 'node:fs';
import { CHUNKED_UPLOAD_THRESHOLD_BYTES } from '../../src/common/constants.js';
import { chunkedUpload } from './chunked-upload.js';
import type { Client } from './client.js';
import type { PasteOptions, SourceFile } from './paste-source.js';

/** The create's answer as `--json` prints it. */
export interface Created {
  id: string;
  url: string;
  /** A visitor's token: it proves the paste is theirs (burn pastes, the site's own pages). */
  creatorToken?: string;
  /** Chunked uploads: the session, whether a previous run's was continued, and chunks sent now. */
  uploadId?: string;
  resumed?: boolean;
  chunksSent?: number;
  /** The file's sha256, equal to the site's digest of the assembled paste (checked). */
  sha256?: string;
}

/**
 * One paste from one file, by the way its size and the caller call for: over 50 MB the chunked
 * upload (an account's API key); otherwise one request streaming the file — the v1 raw body with a
 * key, the web's multipart form without one.
 */
export async function createPaste(
  client: Client,
  file: SourceFile,
  options: PasteOptions,
  env: NodeJS.ProcessEnv,
): Promise<Created> {
  const withTitle = { ...options, title: options.title ?? file.name };
  const link = (id: string) => `${client.target.url}/paste/${id}`;

  if (file.size > CHUNKED_UPLOAD_THRESHOLD_BYTES) {
    const r = await chunkedUpload(client, file, withTitle, env);
    const { id, ...rest } = r;
    return { id, url: link(id), ...rest };
  }

  const blob = await fs.openAsBlob(file.path);
  // The fields both ways send (the password goes in a header on the v1 way, never the URL).
  const fields = Object.entries({
    title: withTitle.title,
    privacy: withTitle.privacy,
    expiration: withTitle.expiration,
    language: withTitle.language,
  }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (client.target.key) {
    const query = new URLSearchParams(fields);
    const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
    if (withTitle.password !== undefined) headers['x-paste-password'] = withTitle.password;
    return client.json<Created>(`/api/v1/pastes?${query}`, { body: blob, headers });
  }

  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  if (withTitle.password !== undefined) form.append('password', withTitle.password);
  form.append('content', blob, file.name ?? 'paste.txt');
  const created = await client.json<{ id: string; creatorToken?: string }>('/api/pastes', { body: form });
  return { ...created, url: link(created.id) };
}
