import { PROCESSING_CONTENT } from '../../../../common/constants';
import type { PasteView } from '../../../../common/schemas/paste';
import { readJson } from '../../../lib/api-client';
import { getPaste } from './get-paste';

/** What reading an encrypted paste with a key gave. */
export type DecryptedRead =
  | { kind: 'text'; title: string; content: string }
  /** A burn paste: reading it destroys it. Asked again with `burn: true` once the reader agrees. */
  | { kind: 'burn' }
  /** Still being assembled from a chunked upload: nothing to read yet. */
  | { kind: 'processing' }
  | { kind: 'wrong-key' }
  | { kind: 'undecryptable' };

/**
 * Reads an encrypted paste through the normal reads (its view, or its raw bytes when the view
 * carries no text) and opens it in this tab with `keyText` — the admin panel's "Read decrypted"
 * with a key a reporter shared (issue 21). The crypto code loads only here.
 */
export async function readDecryptedPaste(
  id: string,
  keyText: string,
  opts: { burn: boolean },
): Promise<DecryptedRead> {
  const view: PasteView & { sealedTitle?: string } = await getPaste(id, { reveal: opts.burn });
  if (view.content === PROCESSING_CONTENT) return { kind: 'processing' };
  if (view.burnAfterReading && !view.isOwner && !opts.burn) return { kind: 'burn' };
  if (!view.sealedTitle) return { kind: 'undecryptable' };
  let sealed: string | Uint8Array | undefined = view.content;
  if (sealed === undefined) {
    // Over the size a view carries: the sealed bytes themselves.
    const response = await fetch(`/api/pastes/${encodeURIComponent(id)}/raw`, { credentials: 'include' });
    if (!response.ok) await readJson(response);
    sealed = new Uint8Array(await response.arrayBuffer());
  }
  const { openPaste } = await import('../encrypted/open-paste');
  const opened = await openPaste(keyText, view.sealedTitle, sealed);
  if (opened.kind !== 'open') return opened;
  return { kind: 'text', title: opened.title, content: opened.content ?? '' };
}
