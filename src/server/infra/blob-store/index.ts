import { randomBytes } from 'node:crypto';

export {
  BlobNotFoundError,
  type BlobPart,
  BlobPartSizeError,
  type BlobStore,
  BlobTooLargeError,
  type ByteRange,
} from './blob-store.js';
export { byteLimit, createLocalDiskStore } from './local-disk.js';

/** A fresh server-generated key in a namespace ('pastes', 'chunks', 'favicons'…). */
export function newBlobKey(namespace: string): string {
  return `${namespace}/${randomBytes(16).toString('base64url')}`;
}
