import fs from 'node:fs';
import { CHUNKED_UPLOAD_THRESHOLD_BYTES } from '../../src/common/constants.js';
import type { CreatePasteResult } from '../../src/common/schemas/responses.js';
import { chunkedUpload } from './chunked-upload.js';
import type { Client } from './client.js';
import { createEncrypted } from './e2e/create-encrypted.js';
import { type PasteOptions, readRange, type SourceFile } from './paste-source.js';

/** The create's answer as `--json` prints it: the site's, with the paste's link. */
export interface Created extends CreatePasteResult {
  /** The link; an encrypted paste's carries its key in the fragment. */
  url: string;
  /** Chunked uploads: the session, whether a previous run's was continued, and chunks sent now. */
  uploadId?: string;
  resumed?: boolean;
  chunksSent?: number;
  /** The sha256 of the bytes sent, equal to the site's digest of the assembled paste (checked). */
  sha256?: string;
}

/** The fields every way of creating sends beside the content (the password on its own). */
export function pasteFields(options: PasteOptions, title: string | undefined) {
  return Object.fromEntries(
    Object.entries({
      title,
      privacy: options.privacy,
      expiration: options.expiration,
      language: options.language,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * One paste from one file, by the way its size and the caller call for: sealed here first with
 * `--e2e`; over 50 MB the chunked upload (an account's API key); otherwise one request streaming
 * the file — the v1 raw body with a key, the web's multipart form without one.
 */
export async function createPaste(
  client: Client,
  file: SourceFile,
  options: PasteOptions,
  env: NodeJS.ProcessEnv,
): Promise<Created> {
  const title = options.title ?? file.name;
  if (options.e2e) return createEncrypted(client, file, { ...options, title }, env);
  const link = (id: string) => `${client.target.url}/paste/${id}`;
  const fields = pasteFields(options, title);

  if (file.size > CHUNKED_UPLOAD_THRESHOLD_BYTES) {
    const { id, ...rest } = await chunkedUpload(
      client,
      {
        size: file.size,
        read: (start, length) => readRange(file.path, start, length),
        init: { ...fields, password: options.password },
        resumable: file,
        chunkSize: options.chunkSize,
      },
      env,
    );
    return { id, url: link(id), ...rest };
  }

  const blob = await fs.openAsBlob(file.path);
  if (client.target.key) {
    const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
    // The password goes in a header on this way, never in the URL.
    if (options.password !== undefined) headers['x-paste-password'] = options.password;
    return client.api('POST /api/v1/pastes', { query: fields, body: blob, headers });
  }

  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (options.password !== undefined) form.append('password', options.password);
  form.append('content', blob, file.name ?? 'paste.txt');
  const created = await client.api('POST /api/pastes', { body: form });
  return { ...created, url: link(created.id) };
}
