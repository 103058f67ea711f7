import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PROCESSING_CONTENT } from '../../../../common/constants';
import type { PasteView } from '../../../../common/schemas/paste';
import { splitFragment } from '../../pastes';
import type { OpenedPaste } from '../lib/open-paste';

/** The encrypted parts of a view (issue 21); absent on a plain paste. */
export type EncryptedFields = { encrypted?: boolean; sealedTitle?: string };

/** Where the decryption of the paste on screen stands. */
export type Decryption =
  /** Not an encrypted paste: shown as the server sent it. */
  | { kind: 'plain' }
  /** The link has nothing after '#'. */
  | { kind: 'missing-key' }
  /** Something is there, but it does not open the paste (cut short, or another paste's key). */
  | { kind: 'wrong-key' }
  /** The key is right, the text does not open: altered or truncated. */
  | { kind: 'undecryptable' }
  /** Opening (or loading the crypto code). */
  | { kind: 'working' }
  /** Nothing sealed to open yet (a locked password paste carries no sealed title). */
  | { kind: 'waiting'; key: string }
  | { kind: 'open'; key: string; title: string; content?: string; sizeBytes?: number };

interface Done {
  /** The inputs this result was computed for: a newer view (after reveal, unlock) is opened anew. */
  key: string;
  sealedTitle: string;
  content: string | undefined;
  result: OpenedPaste;
}

function contentOf(paste: PasteView): string | undefined {
  return paste.content === PROCESSING_CONTENT ? undefined : paste.content;
}

/**
 * Decrypts an encrypted paste's view with the key in the link's fragment, in this tab. The
 * crypto code is fetched only here, only for an encrypted paste (the first load stays small).
 */
export function useDecryption(paste: (PasteView & EncryptedFields) | undefined): Decryption {
  const { key, keyPart } = splitFragment(useLocation().hash);
  const encrypted = paste?.encrypted === true;
  const sealedTitle = paste?.sealedTitle;
  const content = paste ? contentOf(paste) : undefined;
  const [done, setDone] = useState<Done | null>(null);

  useEffect(() => {
    if (!encrypted || !key || !sealedTitle) return;
    let current = true;
    import('../lib/open-paste')
      .then(({ openPaste }) => openPaste(key, sealedTitle, content))
      .catch((): OpenedPaste => ({ kind: 'undecryptable' }))
      .then((result) => {
        if (current) setDone({ key, sealedTitle, content, result });
      });
    return () => {
      current = false;
    };
  }, [encrypted, key, sealedTitle, content]);

  if (!paste || !encrypted) return { kind: 'plain' };
  if (!keyPart) return { kind: 'missing-key' };
  if (!key) return { kind: 'wrong-key' };
  if (!sealedTitle) return { kind: 'waiting', key };
  const fresh = done?.key === key && done.sealedTitle === sealedTitle && done.content === content;
  if (!done || !fresh) return { kind: 'working' };
  if (done.result.kind !== 'open') return done.result;
  return { ...done.result, key };
}
