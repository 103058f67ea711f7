import { CHUNK_SIZE_BYTES } from '../../../../common/constants';
import { chunkTimeoutMessage, UPLOAD_MESSAGES } from '../../../../common/messages';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { ApiError, api, postWithProgress } from '../../../lib/api-client';

export interface ChunkedUploadOptions {
  title: string;
  privacy: 'public' | 'unlisted' | 'password';
  password?: string;
  expiration: string;
  burnAfterReading: boolean;
  language?: string;
}

/** A failed chunked upload, with the toast title spec §8 gives it. */
export class ChunkedUploadError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChunkedUploadError';
  }
}

type InitResult = ResponseOf<'POST /api/pastes/upload/init'>;
type FinalizeResult = ResponseOf<'POST /api/pastes/upload/finalize'>;

/** A chunk failure worth one more try: the network, a gateway, the server's own trouble. */
const mayPass = (e: unknown) =>
  !(e instanceof ApiError) || e.status === 0 || e.status >= 500 || e.status === 429;

/**
 * Spec §4 "Large upload": init, the chunks in order (40 MB each, the file sliced, never read
 * whole), finalize. `onProgress` gets the fraction of bytes sent. Each chunk is retried once
 * before the upload gives up; on failure the upload is cancelled — unless finalize failed at a
 * proxy (502, 504), when the paste was probably created and must not be cancelled.
 */
export async function uploadInChunks(
  file: File,
  options: ChunkedUploadOptions,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const totalChunks = Math.ceil(file.size / CHUNK_SIZE_BYTES);
  let init: InitResult;
  try {
    init = await api.post<InitResult>('/api/pastes/upload/init', {
      totalChunks,
      totalSize: file.size,
      ...options,
    });
  } catch (e) {
    throw new ChunkedUploadError(
      UPLOAD_MESSAGES.initFailed,
      e instanceof Error ? e.message : UPLOAD_MESSAGES.initFailed,
    );
  }
  if (!init?.uploadId) throw new ChunkedUploadError(UPLOAD_MESSAGES.failed, UPLOAD_MESSAGES.noUploadId);
  const { uploadId } = init;
  const cancel = () => api.post('/api/pastes/upload/cancel', { uploadId }).catch(() => undefined);

  try {
    for (let index = 0; index < totalChunks; index++) {
      const start = index * CHUNK_SIZE_BYTES;
      const blob = file.slice(start, Math.min(file.size, start + CHUNK_SIZE_BYTES));
      const send = () => {
        // The fields first: the server then streams the chunk straight to its place.
        const form = new FormData();
        form.append('uploadId', uploadId);
        form.append('chunkIndex', String(index));
        form.append('chunk', blob, file.name);
        return postWithProgress('/api/pastes/upload/chunk', form, (f) =>
          onProgress((start + f * blob.size) / file.size),
        );
      };
      try {
        await send().catch((e) => (mayPass(e) ? send() : Promise.reject(e)));
      } catch (e) {
        if (e instanceof ApiError && e.status === 504) {
          throw new ChunkedUploadError(UPLOAD_MESSAGES.failed, chunkTimeoutMessage(index + 1, totalChunks));
        }
        throw e;
      }
    }
    onProgress(1);
  } catch (e) {
    await cancel();
    if (e instanceof ChunkedUploadError) throw e;
    throw new ChunkedUploadError(
      UPLOAD_MESSAGES.failed,
      e instanceof Error ? e.message : UPLOAD_MESSAGES.failed,
    );
  }

  let result: FinalizeResult;
  try {
    result = await api.post<FinalizeResult>('/api/pastes/upload/finalize', { uploadId });
  } catch (e) {
    if (e instanceof ApiError && e.status === 504) {
      throw new ChunkedUploadError(UPLOAD_MESSAGES.mayHaveSucceeded, UPLOAD_MESSAGES.finalizeTimeout);
    }
    if (e instanceof ApiError && e.status === 502) {
      throw new ChunkedUploadError(UPLOAD_MESSAGES.mayHaveSucceeded, UPLOAD_MESSAGES.finalizeBadGateway);
    }
    await cancel();
    throw new ChunkedUploadError(
      UPLOAD_MESSAGES.failed,
      e instanceof Error ? e.message : UPLOAD_MESSAGES.failed,
    );
  }
  if (!result?.id) throw new ChunkedUploadError(UPLOAD_MESSAGES.failed, UPLOAD_MESSAGES.invalidResponse);
  return result.id;
}
