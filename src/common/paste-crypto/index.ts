/**
 * End-to-end encryption of pastes (the format is written down in docs/encryption.md).
 * WebCrypto only, the same code in the browser and in Node. The web app imports it lazily: it is
 * not part of the first page's code.
 */
export { fromBase64, fromBase64Url, toBase64, toBase64Url } from './base64.js';
export {
  chunkCount,
  DecryptError,
  type DecryptFailure,
  isValidSealedLayout,
  PSE1,
  type Pse1Header,
  parseHeader,
  plainSize,
  sealedSize,
} from './format.js';
export { exportKeyText, generateKey, importKeyText, isKeyText } from './keys.js';
export {
  type ChunkLayout,
  chunkMatchesTable,
  decodeLineTable,
  encodeLineTable,
  fitsLayout,
  LineCounter,
  type LineTable,
  openLineTable,
  sealedLineTableSize,
  sealLineTable,
} from './line-table.js';
export {
  newHeader,
  openBytes,
  openChunk,
  openText,
  openTitle,
  type SealOptions,
  sealBytes,
  sealChunk,
  sealText,
  sealTitle,
} from './seal.js';
export { createOpenStream, createSealStream } from './streams.js';
