import fs from 'node:fs';
import { EXTREME_PASTE_BYTES, type Privacy } from '../../src/common/constants.js';
import type { EditPasteResult } from '../../src/common/schemas/responses.js';
import { Client } from './client.js';
import type { Target } from './config.js';
import { usageError } from './errors.js';
import { needsKey, parsePasteRef } from './paste-ref.js';
import type { SourceFile } from './paste-source.js';
import { checkSecrets } from './secret-check.js';

/** The edit's answer as `--json` prints it: the site's, with the link and whether it made a revision. */
export interface Edited extends EditPasteResult {
  url: string;
  /** False when the text, title and language were already those: no revision was made. */
  changed: boolean | undefined;
}

export interface EditOptions {
  title: string | undefined;
  language: string | undefined;
  allowSecrets: boolean;
}

/**
 * The paste as its owner's list shows it, or undefined when it is not the key owner's (then only
 * the PUT is sent, and the site says why it refuses). Found this way, the paste can then be read
 * as its owner reads it — no view counted, no password, a burn paste left alone — which a read of
 * someone else's paste would not be.
 */
async function ownPaste(
  client: Client,
  id: string,
): Promise<{ privacy: Privacy; revision: number } | undefined> {
  const list = await client.api('GET /api/v1/pastes', { query: { search: id, limit: '100' } });
  if (!list.pastes.some((p) => p.id === id)) return undefined;
  return client.api('GET /api/v1/pastes/:id', { params: { id } });
}

/**
 * `edit`: a new revision of the key owner's paste from a file's text. Privacy, password and expiry
 * stay the paste's; a public paste's new text goes through the secret check create uses. The edit
 * is made from the revision read first (`baseRevision`), so an edit made meanwhile is not
 * overwritten (the site answers 409) and an unchanged answer means nothing changed.
 */
export async function editPaste(
  target: Target,
  ref: string,
  file: SourceFile,
  options: EditOptions,
): Promise<Edited> {
  needsKey(target, 'edit');
  const { id, site } = parsePasteRef(ref);
  if (site !== undefined && site !== target.url) {
    throw usageError(`${ref} is not on ${target.url}, the site the API key is for: pass --url and --key`);
  }
  if (file.size > EXTREME_PASTE_BYTES) {
    throw usageError(
      `${file.name ?? 'standard input'} is over 10 MB: an edit can be at most 10 MB (larger pastes are served as downloads and cannot be edited)`,
    );
  }
  const client = new Client(target);
  const own = await ownPaste(client, id);
  await checkSecrets(file, own?.privacy, options.allowSecrets, 'edit');
  const content = new TextDecoder().decode(await fs.promises.readFile(file.path));
  const answer = await client.api('PUT /api/pastes/:id', {
    params: { id },
    json: {
      content,
      title: options.title,
      language: options.language,
      baseRevision: own?.revision,
      // Not found among the key owner's pastes, so not checked here: the site checks (it refuses
      // someone else's paste first anyway).
      checkSecrets: own === undefined && !options.allowSecrets,
    },
  });
  return {
    ...answer,
    url: `${target.url}/paste/${answer.id}`,
    changed: own === undefined ? undefined : answer.revision !== own.revision,
  };
}
