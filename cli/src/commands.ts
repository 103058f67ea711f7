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

/** A paste link (`…/paste/ID`, `…/raw/ID`, with or without a #fragment) or a bare id. */
export function parsePasteRef(ref: string): { id: string; site: string | undefined } {
  if (/^[A-Za-z0-9_-]{1,64}$/.test(ref)) return { id: ref, site: undefined };
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    throw usageError(`not a paste link or id: ${ref}`);
  }
  const m = /^(.*)\/(?:paste|raw)\/([A-Za-z0-9_-]+)\/?$/.exec(url.pathname);
  if (!m) throw usageError(`not a paste link: ${ref}`);
  return { id: m[2]!, site: `${url.origin}${m[1]}` };
}

/**
 * `get`: the paste's bytes on stdout, as stored. A password paste asks for its password on the
 * terminal (or takes --password=VALUE). The API key goes only to the configured site, never to
 * another one a link points at.
 */
export async function getPaste(
  target: Target | undefined,
  ref: string,
  password: string | undefined,
  out: Output,
): Promise<void> {
  const { id, site } = parsePasteRef(ref);
  const url = site ?? target?.url;
  if (!url) throw usageError('a bare id needs the site: pass a full link, --url or PASTESHARE_URL');
  const client = new Client({ url, key: url === target?.url ? target.key : undefined });
  const read = (pw: string | undefined) =>
    client.request(`/api/pastes/${encodeURIComponent(id)}/raw`, {
      headers: pw === undefined ? {} : { 'x-paste-password': pw },
      accept: [401],
    });
  let res = await read(password || undefined);
  if (res.status === 401) {
    await res.body?.cancel();
    res = await read(await askHidden('Paste password: '));
    if (res.status === 401) throw serverError('401: this paste needs its password');
  }
  if (!res.body) return;
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), out.stdout);
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

const needsKey = (target: Target, what: string) => {
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
