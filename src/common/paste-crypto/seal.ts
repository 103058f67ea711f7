import { fromBase64Url, toBase64Url } from './base64.js';
import {
  chunkCount,
  chunkNonce,
  DecryptError,
  encodeHeader,
  isValidSealedLayout,
  PSE1,
  parseHeader,
} from './format.js';

export interface SealOptions {
  /** Plaintext bytes per chunk, as a power of two (12..24); 20 = 1 MiB unless said otherwise. */
  chunkLog2?: number;
  /** Fixed nonce prefix: for test vectors only. Absent = 7 random bytes, as it must be. */
  noncePrefix?: Uint8Array;
}

type Bytes = Uint8Array<ArrayBuffer>;

/** A new stream's header: its chunk size and 7 random bytes of nonce prefix (or the test vectors' own). */
export function newHeader(opts: SealOptions = {}): Bytes {
  const prefix = opts.noncePrefix ?? crypto.getRandomValues(new Uint8Array(PSE1.NONCE_PREFIX_BYTES));
  return encodeHeader(opts.chunkLog2 ?? PSE1.DEFAULT_CHUNK_LOG2, prefix);
}

/** Seals chunk `index` of the stream whose header is `header`. */
export async function sealChunk(
  key: CryptoKey,
  header: Uint8Array,
  index: number,
  plain: Uint8Array,
  final: boolean,
): Promise<Bytes> {
  const iv = chunkNonce(header.subarray(5, 12), index, final);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: header as Bytes, tagLength: 128 },
    key,
    plain as Bytes,
  );
  return new Uint8Array(sealed);
}

/**
 * Opens chunk `index` of the stream whose header is `header` (random access: the viewer and the
 * stream reader). A final chunk that fails but would open as a middle one means the stream was
 * cut at a chunk boundary: reported as 'truncated'.
 */
export async function openChunk(
  key: CryptoKey,
  header: Uint8Array,
  index: number,
  sealedChunk: Uint8Array,
  final: boolean,
): Promise<Bytes> {
  const prefix = header.subarray(5, 12);
  const attempt = (asFinal: boolean) =>
    crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: chunkNonce(prefix, index, asFinal),
        additionalData: header as Bytes,
        tagLength: 128,
      },
      key,
      sealedChunk as Bytes,
    );
  try {
    return new Uint8Array(await attempt(final));
  } catch {
    if (
      final &&
      (await attempt(false).then(
        () => true,
        () => false,
      ))
    ) {
      throw new DecryptError('truncated');
    }
    throw new DecryptError('key-or-tampered');
  }
}

/** The whole of `plain`, sealed: header then chunks. */
export async function sealBytes(key: CryptoKey, plain: Uint8Array, opts: SealOptions = {}): Promise<Bytes> {
  const header = newHeader(opts);
  const size = 2 ** header[4]!;
  const count = chunkCount(plain.length, header[4]);
  const out = new Uint8Array(PSE1.HEADER_BYTES + plain.length + count * PSE1.TAG_BYTES);
  out.set(header, 0);
  let at = PSE1.HEADER_BYTES;
  for (let i = 0; i < count; i++) {
    const sealed = await sealChunk(key, header, i, plain.subarray(i * size, (i + 1) * size), i === count - 1);
    out.set(sealed, at);
    at += sealed.length;
  }
  return out;
}

/** The plaintext of a whole sealed stream; DecryptError when it is not one or does not open. */
export async function openBytes(key: CryptoKey, sealed: Uint8Array): Promise<Bytes> {
  const { chunkLog2 } = parseHeader(sealed);
  if (!isValidSealedLayout(sealed.length, chunkLog2)) throw new DecryptError('format');
  const header = sealed.subarray(0, PSE1.HEADER_BYTES);
  const sealedChunk = 2 ** chunkLog2 + PSE1.TAG_BYTES;
  const body = sealed.length - PSE1.HEADER_BYTES;
  const count = Math.ceil(body / sealedChunk);
  const out = new Uint8Array(body - count * PSE1.TAG_BYTES);
  for (let i = 0; i < count; i++) {
    const from = PSE1.HEADER_BYTES + i * sealedChunk;
    const plain = await openChunk(
      key,
      header,
      i,
      sealed.subarray(from, Math.min(from + sealedChunk, sealed.length)),
      i === count - 1,
    );
    out.set(plain, i * 2 ** chunkLog2);
  }
  return out;
}

export function sealText(key: CryptoKey, text: string, opts?: SealOptions): Promise<Bytes> {
  return sealBytes(key, new TextEncoder().encode(text), opts);
}

/** UTF-8 text of a sealed stream; a stream that opens but is not UTF-8 is 'format'. */
export async function openText(key: CryptoKey, sealed: Uint8Array): Promise<string> {
  const plain = await openBytes(key, sealed);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new DecryptError('format');
  }
}

/** A title sealed on its own (smallest chunks: one chunk), as base64url for JSON and the database. */
export async function sealTitle(key: CryptoKey, title: string, opts: SealOptions = {}): Promise<string> {
  return toBase64Url(await sealText(key, title, { chunkLog2: PSE1.MIN_CHUNK_LOG2, ...opts }));
}

/** The title; also the key check (it is small and always there): a wrong key fails here first. */
export async function openTitle(key: CryptoKey, sealedTitle: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(sealedTitle);
  } catch {
    throw new DecryptError('format');
  }
  return openText(key, bytes);
}
