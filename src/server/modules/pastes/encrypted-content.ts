import { SEALED_TITLE_MAX_LENGTH } from '../../../common/constants.js';
import { TAG_MESSAGES } from '../../../common/messages.js';
import {
  DecryptError,
  isKeyText,
  isValidSealedLayout,
  parseHeader,
} from '../../../common/paste-crypto/index.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import { badRequest } from '../../errors.js';

/**
 * What the server can check of end-to-end encrypted content without its key: the
 * pse1 header and that the sizes add up to whole sealed chunks. Whether it opens, only a reader
 * holding the key can tell.
 */

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Whether a paste (or an upload that will become one) is end-to-end encrypted: its `encryption`
 * column holds the scheme's version, null for plain text the server can read.
 */
export const isEncrypted = (row: { encryption: number | null }): boolean => row.encryption !== null;

/** The bytes of strict, padded, standard base64, or null for anything else. */
export function decodeStrictBase64(text: string): Buffer | null {
  if (text.length % 4 !== 0) return null;
  const bytes = Buffer.from(text, 'base64');
  // Buffer skips what is not base64 and accepts base64url: only strict text encodes back to itself.
  return bytes.toString('base64') === text ? bytes : null;
}

/** Whether `head` (at least the first 16 bytes) and the total `size` make a well-formed pse1 stream. */
export function isPse1Stream(head: Uint8Array, size: number): boolean {
  try {
    return isValidSealedLayout(size, parseHeader(head).chunkLog2);
  } catch (e) {
    if (e instanceof DecryptError) return false;
    throw e;
  }
}

/** What a create or a chunked upload's init says about encryption. */
export interface EncryptionOptions {
  encrypted?: boolean | undefined;
  title: string;
  sealedTitle?: string | undefined;
  forkedFrom?: string | undefined;
  tags?: readonly string[] | undefined;
}

/**
 * The encryption fields' rules, before any content is read: an encrypted paste brings a sealed
 * title (a pse1 stream) and no readable one, and is no fork; a plain one brings no sealed title.
 * Returns whether the paste is encrypted.
 */
export function checkEncryptionOptions(input: EncryptionOptions): boolean {
  if (!input.encrypted) {
    if (input.sealedTitle !== undefined) throw badRequest(PASTE_MESSAGES.sealedTitleNotEncrypted);
    return false;
  }
  if (input.title.trim() !== '') throw badRequest(PASTE_MESSAGES.encryptedTitleNotAllowed);
  if (input.sealedTitle === undefined) throw badRequest(PASTE_MESSAGES.sealedTitleRequired);
  if (input.sealedTitle.length > SEALED_TITLE_MAX_LENGTH || !BASE64URL.test(input.sealedTitle)) {
    throw badRequest(PASTE_MESSAGES.sealedTitleInvalid);
  }
  const title = Buffer.from(input.sealedTitle, 'base64url');
  if (!isPse1Stream(title, title.length)) throw badRequest(PASTE_MESSAGES.sealedTitleInvalid);
  if (input.forkedFrom !== undefined) throw badRequest(PASTE_MESSAGES.encryptedNoFork);
  // The server would keep them in plain text beside a paste it cannot read.
  if (input.tags?.length) throw badRequest(TAG_MESSAGES.encrypted);
  return true;
}

/** Base64 characters decoded per event-loop turn (a multiple of 4): ~3 MB, a few ms. */
const SLICE_CHARS = 4 * 1024 * 1024;

/**
 * decodeStrictBase64 for text that may be tens of MB (a JSON create carries up to 50): decoded
 * and checked in slices that leave the event loop to other requests between them.
 */
async function decodeStrictBase64InSlices(text: string): Promise<Buffer | null> {
  if (text.length <= SLICE_CHARS) return decodeStrictBase64(text);
  if (text.length % 4 !== 0) return null;
  const parts: Buffer[] = [];
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    const last = at + SLICE_CHARS >= text.length;
    const bytes = decodeStrictBase64(text.slice(at, at + SLICE_CHARS));
    // Padding ends the text: in an earlier slice it would be padding in the middle.
    if (!bytes || (!last && text.charCodeAt(at + SLICE_CHARS - 1) === 61)) return null;
    parts.push(bytes);
    if (!last) await new Promise((resolve) => setImmediate(resolve));
  }
  return Buffer.concat(parts);
}

/** A JSON create's encrypted content: its pse1 bytes, or 400 encryptedContentInvalid. */
export async function sealedContentOf(content: string): Promise<Buffer> {
  const bytes = await decodeStrictBase64InSlices(content);
  if (!bytes || !isPse1Stream(bytes, bytes.length)) throw badRequest(PASTE_MESSAGES.encryptedContentInvalid);
  return bytes;
}

/**
 * The sealed line table sent with a paste (a JSON create's or finalize's `sealedLineTable`, a
 * backup row's `sealed_line_table`): its pse1 bytes, null when none was sent; 400 when it comes
 * with a plain paste or is not a pse1 stream. The server checks the layout only; the reader checks
 * each chunk it opens against the table.
 */
export function sealedLineTableFor(encrypted: boolean, text: string | null | undefined): Buffer | null {
  if (text === undefined || text === null) return null;
  if (!encrypted) throw badRequest(PASTE_MESSAGES.lineTableNotEncrypted);
  const bytes = decodeStrictBase64(text);
  if (!bytes || !isPse1Stream(bytes, bytes.length)) throw badRequest(PASTE_MESSAGES.lineTableInvalid);
  return bytes;
}

/** A key a reporter shares: 32 bytes as 43 base64url characters (what the link's fragment holds). */
export function checkSharedKey(key: string): void {
  if (!isKeyText(key)) {
    throw badRequest(PASTE_MESSAGES.sharedKeyInvalid);
  }
}
