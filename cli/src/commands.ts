import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from './client.js';
import type { Target } from './config.js';
import { serverError, usageError } from './errors.js';
import { askHidden } from './terminal.js';

export interface Output {
  stdout: NodeJS.WritableStream;
  json: boolean;
  quiet: boolean;
}

const print = (out: Output, line: string) => {
  if (!out.quiet) out.stdout.write(`${line}\n`);
};

/**
 * A paste link (`…/paste/ID`, `…/raw/ID`, a revision's `…/paste/ID/r/N`, with or without a
 * #fragment) or a bare id.
 */
export function parsePasteRef(ref: string): {
  id: string;
  site: string | undefined;
  revision: number | undefined;
} {
  if (/^[A-Za-z0-9_-]{1,64}$/.test(ref)) return { id: ref, site: undefined, revision: undefined };
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    throw usageError(`not a paste link or id: ${ref}`);
  }
  const m = /^(.*)\/(?:paste|raw)\/([A-Za-z0-9_-]+)(?:\/r\/([1-9]\d*))?\/?$/.exec(url.pathname);
  if (!m) throw usageError(`not a paste link: ${ref}`);
  return { id: m[2]!, site: `${url.origin}${m[1]}`, revision: m[3] ? Number(m[3]) : undefined };
}

/**
 * The site a link or id is read from: the link's own, or the configured one for a bare id. The API
 * key goes only to the configured site, never to another one a link points at.
 */
function readerFor(target: Target | undefined, ref: string) {
  const parsed = parsePasteRef(ref);
  const url = parsed.site ?? target?.url;
  if (!url) throw usageError('a bare id needs the site: pass a full link, --url or PASTESHARE_URL');
  return { ...parsed, client: new Client({ url, key: url === target?.url ? target.key : undefined }) };
}

/**
 * A read under the paste's password: tried with the one given (--password=VALUE), and when the
 * site answers 401, once more with the one asked on the terminal.
 */
async function unlockedRead(client: Client, path: string, password: string | undefined): Promise<Response> {
  const read = (pw: string | undefined) =>
    client.request(path, { headers: pw === undefined ? {} : { 'x-paste-password': pw }, accept: [401] });
  let res = await read(password || undefined);
  if (res.status === 401) {
    await res.body?.cancel();
    res = await read(await askHidden('Paste password: '));
    if (res.status === 401) throw serverError('401: this paste needs its password');
  }
  return res;
}

/**
 * `get`: the paste's bytes on stdout, as stored — its newest revision, or revision `revision`
 * (`--revision N`, or a revision's link). A password paste asks for its password on the terminal
 * (or takes --password=VALUE).
 */
export async function getPaste(
  target: Target | undefined,
  ref: string,
  password: string | undefined,
  revision: number | undefined,
  out: Output,
): Promise<void> {
  const { id, client, revision: linked } = readerFor(target, ref);
  if (revision !== undefined && linked !== undefined && revision !== linked) {
    throw usageError(`the link is revision ${linked}, --revision says ${revision}: give one`);
  }
  const n = revision ?? linked;
  const path = `/api/pastes/${encodeURIComponent(id)}${n === undefined ? '' : `/revisions/${n}`}/raw`;
  const res = await unlockedRead(client, path, password);
  if (!res.body) return;
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), out.stdout);
}

interface RevisionsAnswer {
  revisions: {
    number: number;
    title: string | null;
    language: string | null;
    sizeBytes: number;
    linesAdded: number | null;
    linesRemoved: number | null;
    createdAt: string;
  }[];
}

/** 512 B, 3.4 KB, 12.50 MB. */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
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
  const res = await unlockedRead(client, `/api/pastes/${encodeURIComponent(id)}/revisions`, password);
  const answer = (await res.json()) as RevisionsAnswer;
  if (out.json) return void out.stdout.write(`${JSON.stringify(answer)}\n`);
  const width = String(answer.revisions.at(-1)?.number ?? 1).length;
  for (const r of answer.revisions) {
    // Lines are not counted for a paste over 10 MB.
    const lines = r.linesAdded === null ? '(lines not counted)' : `+${r.linesAdded} -${r.linesRemoved}`;
    print(
      out,
      [
        String(r.number).padStart(width),
        `${r.createdAt.slice(0, 19).replace('T', ' ')} UTC`,
        size(r.sizeBytes).padStart(8),
        lines,
        r.title ?? '(untitled)',
      ].join('  '),
    );
  }
}

interface ListAnswer {
  pastes: {
    id: string;
    title: string | null;
    privacy: string;
    createdAt: string;
    viewCount: number;
    contentSizeMB: number;
  }[];
  page: number;
  totalPages: number;
  total: number;
}

export const needsKey = (target: Target, what: string) => {
  if (!target.key) throw usageError(`${what} needs an API key: pass --key or set PASTESHARE_API_KEY`);
};

/** `ls`: the key owner's pastes, newest first, one per line (id, date, privacy, views, size, title). */
export async function listPastes(
  target: Target,
  query: { page: number; search: string | undefined },
  out: Output,
): Promise<void> {
  needsKey(target, 'ls');
  const params = new URLSearchParams({ page: String(query.page), limit: '50' });
  if (query.search) params.set('search', query.search);
  const answer = await new Client(target).json<ListAnswer>(`/api/v1/pastes?${params}`);
  if (out.json) return void out.stdout.write(`${JSON.stringify(answer)}\n`);
  for (const p of answer.pastes) {
    const size = `${p.contentSizeMB.toFixed(2)} MB`;
    print(
      out,
      [
        p.id,
        p.createdAt.slice(0, 10),
        p.privacy.padEnd(8),
        `${p.viewCount} views`,
        size,
        p.title ?? '(untitled)',
      ].join('  '),
    );
  }
  if (answer.totalPages > answer.page)
    print(out, `(page ${answer.page} of ${answer.totalPages}: --page ${answer.page + 1})`);
}

/** `rm`: asks the moderators to delete a paste (the site's deletion request). */
export async function requestDeletion(
  target: Target,
  ref: string,
  reason: string,
  out: Output,
): Promise<void> {
  needsKey(target, 'rm');
  const { id } = parsePasteRef(ref);
  const answer = await new Client(target).json<{ id: number }>(
    `/api/pastes/${encodeURIComponent(id)}/request-delete`,
    { json: { reason } },
  );
  if (out.json) return void out.stdout.write(`${JSON.stringify(answer)}\n`);
  print(out, `Deletion of ${id} requested: a moderator will decide.`);
}

/** `whoami`: the account the API key belongs to, or that there is none. */
export async function whoami(target: Target, out: Output): Promise<void> {
  if (!target.key) {
    if (out.json) return void out.stdout.write(`${JSON.stringify({ user: null, site: target.url })}\n`);
    return print(out, `anonymous on ${target.url} (no API key)`);
  }
  const user = await new Client(target).json<{ username: string; role: string }>('/api/user');
  if (out.json) return void out.stdout.write(`${JSON.stringify({ user, site: target.url })}\n`);
  print(out, `${user.username} (${user.role}) on ${target.url}`);
}
