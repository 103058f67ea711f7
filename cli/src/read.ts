import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ResponseOf } from '../../src/common/schemas/responses.js';
import { type Client, routePath } from './client.js';
import type { Target } from './config.js';
import { checkKey, decryptToSpool, KEY_MISSING, keyOf } from './e2e/open-paste.js';
import { serverError, usageError } from './errors.js';
import { columns, type Output, print, printJson, size } from './output.js';
import { readerFor } from './paste-ref.js';
import { terminalTextStream } from './safe-text.js';
import { failureMessage } from './site-errors.js';
import { piecesOf } from './spool.js';
import { askHidden } from './terminal.js';

const passwordHeaders = (pw: string | undefined): Record<string, string> =>
  pw === undefined ? {} : { 'x-paste-password': pw };

/**
 * A 401 asks for the paste's password only when the site says so: a members-only site answers a
 * reader without a key 401 too (HEAD has no body to tell them apart). Anything else is thrown
 * with the site's own message.
 */
async function refusedForPassword(client: Client, res: Response): Promise<boolean> {
  const text = await res.text().catch(() => '');
  try {
    if ((JSON.parse(text) as { error?: unknown }).error === 'UNAUTHORIZED') return true;
  } catch {
    // Not our JSON: failureMessage says so.
  }
  throw serverError(await failureMessage(new Response(text, res), client.target.url));
}

/**
 * What a read will get, learnt with HEAD (no burn claimed, no view counted) under the paste's
 * password — the one given, or asked on the terminal when the site answers 401. A refusal is
 * read again with GET for the site's message; a GET that then succeeds is the read itself.
 */
async function probe(client: Client, path: string, password: string | undefined) {
  const head = (pw: string | undefined) =>
    client.request(path, { method: 'HEAD', headers: passwordHeaders(pw), accept: 'any' });
  let pw = password || undefined;
  let res = await head(pw);
  if (res.status === 401) {
    const why = await client.request(path, { headers: passwordHeaders(pw), accept: [401] });
    if (why.status === 401) await refusedForPassword(client, why);
    else await why.body?.cancel();
    pw = await askHidden('Paste password: ');
    res = await head(pw);
    if (res.status === 401) throw serverError('401: this paste needs its password');
  }
  const read = () => client.request(path, { headers: passwordHeaders(pw) });
  const got = res.ok ? undefined : await read();
  const answer = got ?? res;
  return {
    encrypted: (answer.headers.get('content-type') ?? '').startsWith('application/octet-stream'),
    // A burn paste is sent whole only (and to its reader once): no ranges.
    burns: answer.headers.get('accept-ranges') === 'none',
    read: async () => got ?? read(),
    discard: async () => got?.body?.cancel(),
  };
}

/** Bytes to stdout: exact into a pipe or a file; at a terminal, as text made safe for it. */
async function writeOut(out: Output, bytes: AsyncIterable<Uint8Array>): Promise<void> {
  if (!out.stdout.isTTY) return pipeline(Readable.from(bytes), out.stdout);
  const text = terminalTextStream();
  for await (const piece of bytes) out.stdout.write(text.push(piece));
  out.stdout.write(text.end());
}

const bodyOf = (res: Response): ReadableStream<Uint8Array> => res.body ?? new Response('').body!;

/**
 * `get`: the paste's bytes on stdout, as stored — its newest revision, or revision `revision`
 * (`--revision N`, or a revision's link). A password paste asks for its password on the terminal
 * (or takes --password=VALUE). An end-to-end encrypted paste is decrypted with the link's key
 * (checked first when reading burns the paste); without one it is refused, nothing read.
 */
export async function getPaste(
  target: Target | undefined,
  ref: string,
  password: string | undefined,
  revision: number | undefined,
  out: Output,
): Promise<void> {
  const { id, client, revision: linked, keyText } = readerFor(target, ref);
  if (revision !== undefined && linked !== undefined && revision !== linked) {
    throw usageError(`the link is revision ${linked}, --revision says ${revision}: give one`);
  }
  const n = revision ?? linked;
  const path =
    n === undefined
      ? routePath('GET /api/pastes/:id/raw', { params: { id } })
      : routePath('GET /api/pastes/:id/revisions/:n/raw', { params: { id, n } });
  const paste = await probe(client, path, password);
  if (!paste.encrypted) return writeOut(out, piecesOf(bodyOf(await paste.read())));
  if (keyText === undefined) {
    await paste.discard();
    throw usageError(KEY_MISSING);
  }
  const key = await keyOf(keyText);
  if (paste.burns) await checkKey(client, id, key);
  const spool = await decryptToSpool(bodyOf(await paste.read()), key);
  try {
    await writeOut(out, spool.read());
  } finally {
    await spool.dispose();
  }
}

/**
 * A read under the paste's password: tried with the one given (--password=VALUE), and when the
 * site answers 401, once more with the one asked on the terminal.
 */
async function unlockedRead(client: Client, path: string, password: string | undefined): Promise<Response> {
  const read = (pw: string | undefined) =>
    client.request(path, { headers: passwordHeaders(pw), accept: [401] });
  let res = await read(password || undefined);
  if (res.status === 401) {
    await refusedForPassword(client, res);
    res = await read(await askHidden('Paste password: '));
    if (res.status === 401) throw serverError('401: this paste needs its password');
  }
  return res;
}

/**
 * `revisions`: a paste's revisions, oldest first, one per line (number, time, size, lines added
 * and removed against the one before, title). Read as `get` reads: a password paste needs it.
 */
export async function listRevisions(
  target: Target | undefined,
  ref: string,
  password: string | undefined,
  out: Output,
): Promise<void> {
  const { id, client } = readerFor(target, ref);
  const path = routePath('GET /api/pastes/:id/revisions', { params: { id } });
  const res = await unlockedRead(client, path, password);
  const answer = (await res.json()) as ResponseOf<'GET /api/pastes/:id/revisions'>;
  if (out.json) return printJson(out, answer);
  const rows = answer.revisions.map((r) => [
    String(r.number),
    `${r.createdAt.slice(0, 19).replace('T', ' ')} UTC`,
    size(r.sizeBytes),
    // Lines are not counted for a paste over 10 MB.
    r.linesAdded === null ? '(lines not counted)' : `+${r.linesAdded} -${r.linesRemoved}`,
    r.title ?? '(untitled)',
  ]);
  for (const line of columns(rows, new Set([0, 2]))) print(out, line);
}
