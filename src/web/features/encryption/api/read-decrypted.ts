import { PROCESSING_CONTENT } from '../../../../common/constants';
import type { PasteView } from '../../../../common/schemas/paste';
import { getPaste } from '../../pastes/api/get-paste';

/** What reading an encrypted paste with a key gave. */
export type DecryptedRead =
  | { kind: 'text'; title: string; content: string }
  /** A burn paste: reading it destroys it. Asked again with `burn: true` once the reader agrees. */
  | { kind: 'burn' }
  /** Still being assembled from a chunked upload: nothing to read yet. */
  | { kind: 'processing' }
  /** Over 10 MB: read on its own page (decrypting download) with the key in the link, not here. */
  | { kind: 'too-large'; title: string; link: string }
  | { kind: 'wrong-key' }
  | { kind: 'undecryptable' };

/**
 * Reads an encrypted paste through the normal read (its view) and opens it in this tab with
 * `keyText` — the admin panel's "Read decrypted" with a key a reporter shared (issue 21). A paste
 * whose view carries no text (over 10 MB) is not read into the panel: its page with the key in
 * the link downloads it decrypted. The crypto code loads only here.
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
  const { openPaste } = await import('../lib/open-paste');
  const opened = await openPaste(keyText, view.sealedTitle, view.content);
  if (opened.kind !== 'open') return opened;
  if (opened.content === undefined) {
    return { kind: 'too-large', title: opened.title, link: `/paste/${encodeURIComponent(id)}#${keyText}` };
  }
  return { kind: 'text', title: opened.title, content: opened.content };
}
