/**
 * The "pse1" sealed-stream format (docs/encryption.md): a 16-byte header, then the plaintext in
 * chunks of 2^chunkLog2 bytes, each sealed with AES-256-GCM on its own. The nonce is the header's
 * 7-byte random prefix, the chunk's index (uint32, big-endian) and a final-chunk flag byte; the
 * header is every chunk's additional data. So a chunk moved, dropped, added after the end or cut
 * off at the end fails authentication (the STREAM construction of Hoang, Reyhanitabar, Rogaway
 * and Vizár).
 */
export const PSE1 = {
  MAGIC: [0x50, 0x53, 0x45] as const, // "PSE"
  VERSION: 1,
  HEADER_BYTES: 16,
  TAG_BYTES: 16,
  NONCE_PREFIX_BYTES: 7,
  DEFAULT_CHUNK_LOG2: 20,
  MIN_CHUNK_LOG2: 12,
  MAX_CHUNK_LOG2: 24,
} as const;

export type DecryptFailure = 'format' | 'key-or-tampered' | 'truncated';

export class DecryptError extends Error {
  constructor(readonly reason: DecryptFailure) {
    super(
      reason === 'format'
        ? 'Not a sealed paste this version reads'
        : reason === 'truncated'
          ? 'The sealed paste ends before its last chunk'
          : 'The key does not open this sealed paste, or it was altered',
    );
    this.name = 'DecryptError';
  }
}

export interface Pse1Header {
  version: 1;
  chunkLog2: number;
  noncePrefix: Uint8Array;
}

export function encodeHeader(chunkLog2: number, noncePrefix: Uint8Array): Uint8Array<ArrayBuffer> {
  if (!isChunkLog2(chunkLog2))
    throw new RangeError(`chunkLog2 must be ${PSE1.MIN_CHUNK_LOG2}..${PSE1.MAX_CHUNK_LOG2}`);
  if (noncePrefix.length !== PSE1.NONCE_PREFIX_BYTES) throw new RangeError('the nonce prefix is 7 bytes');
  const header = new Uint8Array(PSE1.HEADER_BYTES);
  header.set(PSE1.MAGIC, 0);
  header[3] = PSE1.VERSION;
  header[4] = chunkLog2;
  header.set(noncePrefix, 5);
  return header; // bytes 12..15 stay zero (reserved)
}

/** The header at the start of `bytes`; DecryptError('format') when it is not a pse1 header. */
export function parseHeader(bytes: Uint8Array): Pse1Header {
  if (
    bytes.length < PSE1.HEADER_BYTES ||
    bytes[0] !== PSE1.MAGIC[0] ||
    bytes[1] !== PSE1.MAGIC[1] ||
    bytes[2] !== PSE1.MAGIC[2] ||
    bytes[3] !== PSE1.VERSION ||
    !isChunkLog2(bytes[4]!) ||
    bytes[12] !== 0 ||
    bytes[13] !== 0 ||
    bytes[14] !== 0 ||
    bytes[15] !== 0
  ) {
    throw new DecryptError('format');
  }
  return { version: 1, chunkLog2: bytes[4]!, noncePrefix: bytes.slice(5, 12) };
}

function isChunkLog2(n: number): boolean {
  return Number.isInteger(n) && n >= PSE1.MIN_CHUNK_LOG2 && n <= PSE1.MAX_CHUNK_LOG2;
}

/** The nonce of chunk `index`: prefix ‖ uint32be(index) ‖ final flag. */
export function chunkNonce(noncePrefix: Uint8Array, index: number, final: boolean): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(index) || index < 0 || index > 0xffff_ffff)
    throw new RangeError('chunk index out of range');
  const nonce = new Uint8Array(12);
  nonce.set(noncePrefix, 0);
  new DataView(nonce.buffer).setUint32(7, index, false);
  nonce[11] = final ? 1 : 0;
  return nonce;
}

/** How many chunks a plaintext of `plainSize` bytes is sealed in (an empty one is one empty chunk). */
export function chunkCount(plainSize: number, chunkLog2: number = PSE1.DEFAULT_CHUNK_LOG2): number {
  return Math.max(1, Math.ceil(plainSize / 2 ** chunkLog2));
}

export function sealedSize(plainSize: number, chunkLog2: number = PSE1.DEFAULT_CHUNK_LOG2): number {
  return PSE1.HEADER_BYTES + plainSize + PSE1.TAG_BYTES * chunkCount(plainSize, chunkLog2);
}

/** The plaintext size of a well-formed sealed stream of `size` bytes (see isValidSealedLayout). */
export function plainSize(size: number, chunkLog2: number): number {
  const body = size - PSE1.HEADER_BYTES;
  return body - PSE1.TAG_BYTES * Math.ceil(body / (2 ** chunkLog2 + PSE1.TAG_BYTES));
}

/**
 * Whether a sealed stream of `size` bytes has the shape the sealer makes: the header, full
 * chunks, and a last chunk holding 1..C plaintext bytes (0 only when it is the only chunk). A
 * check that needs no key, made by the server on what it stores.
 */
export function isValidSealedLayout(size: number, chunkLog2: number): boolean {
  if (!isChunkLog2(chunkLog2) || !Number.isSafeInteger(size)) return false;
  const body = size - PSE1.HEADER_BYTES;
  if (body < PSE1.TAG_BYTES) return false;
  const sealedChunk = 2 ** chunkLog2 + PSE1.TAG_BYTES;
  const count = Math.ceil(body / sealedChunk);
  const last = body - (count - 1) * sealedChunk;
  return count === 1 || last > PSE1.TAG_BYTES;
}
