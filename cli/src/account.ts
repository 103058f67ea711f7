import { canAdminister } from '../../src/common/policies.js';
import { Client } from './client.js';
import type { Target } from './config.js';
import { CliError, usageError } from './errors.js';
import { columns, type Output, plural, print, printJson, size } from './output.js';
import { needsKey, parsePasteRef } from './paste-ref.js';

/** `ls`: the key owner's pastes, newest first, in aligned columns (id, date, privacy, views, size, title). */
export async function listPastes(
  target: Target,
  query: { page: number; search: string | undefined },
  out: Output,
): Promise<void> {
  needsKey(target, 'ls');
  const answer = await new Client(target).api('GET /api/v1/pastes', {
    query: { page: String(query.page), limit: '50', search: query.search || undefined },
  });
  if (out.json) return printJson(out, answer);
  const rows = answer.pastes.map((p) => [
    p.id,
    p.createdAt.slice(0, 10),
    p.privacy,
    plural(p.viewCount, 'view'),
    size(p.sizeBytes),
    p.title ?? '(untitled)',
  ]);
  for (const line of columns(rows, new Set([3, 4]))) print(out, line);
  if (answer.totalPages > answer.page)
    print(out, `(page ${answer.page} of ${answer.totalPages}: --page ${answer.page + 1})`);
}

/**
 * `rm`: an admin's key deletes the paste, as the admin's Delete on the site does; anyone else's
 * asks the moderators to delete it (a deletion request, with its reason).
 */
export async function removePaste(
  target: Target,
  ref: string,
  reason: string | undefined,
  out: Output,
): Promise<void> {
  needsKey(target, 'rm');
  const { id, site } = parsePasteRef(ref);
  if (site !== undefined && site !== target.url) {
    throw usageError(`${ref} is not on ${target.url}, the site the API key is for: pass --url and --key`);
  }
  const client = new Client(target);
  const user = await client.api('GET /api/user');
  if (user && canAdminister(user.role)) {
    const answer = await client.api('DELETE /api/pastes/:id', { params: { id } });
    if (out.json) return printJson(out, answer);
    return print(out, `Deleted ${id}.`);
  }
  if (!reason?.trim()) throw usageError('rm needs --reason TEXT: the moderators read it');
  const answer = await client.api('POST /api/pastes/:id/request-delete', {
    params: { id },
    json: { reason },
  });
  if (out.json) return printJson(out, answer);
  print(out, `Deletion of ${id} requested: a moderator will decide.`);
}

/** `whoami`: the account the API key belongs to, or that there is none. */
export async function whoami(target: Target, out: Output): Promise<void> {
  if (!target.key) {
    if (out.json) return printJson(out, { user: null, site: target.url });
    return print(out, `anonymous on ${target.url} (no API key)`);
  }
  const user = await new Client(target).api('GET /api/user');
  if (out.json) return printJson(out, { user, site: target.url });
  print(out, user ? `${user.username} (${user.role}) on ${target.url}` : `anonymous on ${target.url}`);
}

/**
 * What `config` says once it has saved: who the key signs in as on the site, or why it could not
 * tell (a site that cannot be reached, is not pasteshare, redirects, or refuses the key): the
 * line to print, or the warning.
 */
export async function signInCheck(target: Target): Promise<{ ok: string } | { warning: string }> {
  try {
    const client = new Client(target);
    if (!target.key) {
      await client.api('GET /api/settings/public');
      return { ok: `${target.url} answers; no API key: pastes are made as a visitor` };
    }
    const user = await client.api('GET /api/user');
    if (!user) return { warning: `${target.url} did not accept the API key` };
    return { ok: `signed in as ${user.username} (${user.role}) on ${target.url}` };
  } catch (e) {
    if (e instanceof CliError) return { warning: e.message };
    throw e;
  }
}
