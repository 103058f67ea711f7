import { CHUNK_SIZE_BYTES } from '../../../../common/constants';
import {
  createSealStream,
  exportKeyText,
  generateKey,
  LineCounter,
  PSE1,
  sealedSize,
  sealLineTable,
  sealTitle,
  toBase64,
} from '../../../../common/paste-crypto/index';
import { type ChunkedUploadOptions, runChunkedUpload } from '../../pastes/api/upload-in-chunks';
import { recutStream } from './recut-stream';

/** Pieces of the sealed stream as Blobs, made straight from the sealed chunks (no buffer of our own). */
async function* blobs(pieces: AsyncIterable<Uint8Array[]>): AsyncGenerator<Blob> {
  for await (const parts of pieces) yield new Blob(parts as Uint8Array<ArrayBuffer>[]);
}

/**
 * Upload File with end-to-end encryption (issue 21): the file is read as a stream, sealed in this
 * tab (pse1, a new random key), cut into upload chunks and sent through the chunked upload with
 * `encrypted: true` and the sealed title. Only one upload chunk is held at a time (kept for its
 * retry). Resolves with the paste's id and the key, which goes only into the link's fragment.
 * Loaded only when used (import('./upload-encrypted')): the crypto code is not in the first load.
 */
export async function uploadEncrypted(
  file: File,
  options: ChunkedUploadOptions,
  onProgress: (fraction: number) => void,
): Promise<{ id: string; keyText: string }> {
  const key = await generateKey();
  const [keyText, sealedTitle] = await Promise.all([exportKeyText(key), sealTitle(key, options.title)]);
  // The sealed length is known before a byte is sealed: the format fixes it from the plain length.
  const totalSize = sealedSize(file.size);
  // Sent, not left to the server's default, so the pieces cut here are the ones init counts.
  const chunkSize = CHUNK_SIZE_BYTES;
  // Its lines are counted on the way to the seal: the table goes sealed with finalize, so that
  // readers open the paste without decrypting it whole to find its lines.
  const lines = new LineCounter(2 ** PSE1.DEFAULT_CHUNK_LOG2);
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(piece, out) {
      lines.add(piece);
      out.enqueue(piece);
    },
  });
  const sealed = file.stream().pipeThrough(counted).pipeThrough(createSealStream(key));
  const id = await runChunkedUpload(
    {
      init: {
        ...options,
        title: '',
        totalSize,
        totalChunks: Math.ceil(totalSize / chunkSize),
        chunkSize,
        encrypted: true,
        sealedTitle,
      },
      parts: blobs(recutStream(sealed, chunkSize)),
      fileName: `${file.name}.pse1`,
      finalizeFields: async () => ({ sealedLineTable: toBase64(await sealLineTable(key, lines.finish())) }),
    },
    onProgress,
  );
  return { id, keyText };
}
