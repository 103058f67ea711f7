import { CHUNK_SIZE_BYTES, type Privacy } from '../../../../common/constants';
import { chunkTimeoutMessage, UPLOAD_MESSAGES } from '../../../../common/messages';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { ApiError, api, postWithProgress } from '../../../lib/api-client';

export interface ChunkedUploadOptions {
  title: string;
  privacy: Privacy;
  password?: string;
  expiration: string;
  burnAfterReading: boolean;
  language?: string;
  /** Not with an encrypted upload (the server refuses them: it would keep them in plain text). */
  tags?: string[];
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

/** One chunked upload: what init is told, and the parts in order, each made only when it is due. */
export interface ChunkedUploadPlan {
  /** The init body: the paste's options, totalChunks, totalSize, and anything else init takes. */
  init: ChunkedUploadOptions & Record<string, unknown> & { totalChunks: number; totalSize: number };
  parts: AsyncIterable<Blob>;
  /** The name each chunk is sent under (the server does not read it). */
  fileName: string;
  /** More of finalize's body, made once every part has been read (an encrypted upload's line table). */
  finalizeFields?: () => Promise<Record<string, unknown>>;
}

async function* slices(file: File): AsyncGenerator<Blob> {
  for (let start = 0; start < file.size; start += CHUNK_SIZE_BYTES) {
    yield file.slice(start, Math.min(file.size, start + CHUNK_SIZE_BYTES));
  }
}

/**
 * Spec §4 "Large upload": init, the chunks in order (40 MB each, the file sliced, never read
 * whole), finalize. `onProgress` gets the fraction of bytes sent.
 */
export function uploadInChunks(
  file: File,
  options: ChunkedUploadOptions,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const totalChunks = Math.ceil(file.size / CHUNK_SIZE_BYTES);
  return runChunkedUpload(
    { init: { totalChunks, totalSize: file.size, ...options }, parts: slices(file), fileName: file.name },
    onProgress,
  );
}

/**
 * Init, then each part as it comes (held in memory only while it is sent and retried), then
 * finalize; resolves with the paste's id. Each chunk is retried once before the upload gives up;
 * on failure the upload is cancelled — unless finalize failed at a proxy (502, 504), when the
 * paste was probably created and must not be cancelled.
 */
export async function runChunkedUpload(
  plan: ChunkedUploadPlan,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const { totalChunks, totalSize } = plan.init;
  let init: InitResult;
  try {
    init = await api.post<InitResult>('/api/pastes/upload/init', plan.init);
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
    let index = 0;
    let start = 0;
    for await (const blob of plan.parts) {
      if (index >= totalChunks) throw new Error(UPLOAD_MESSAGES.failed);
      const at = index;
      const sentBefore = start;
      const send = () => {
        // The fields first: the server then streams the chunk straight to its place.
        const form = new FormData();
        form.append('uploadId', uploadId);
        form.append('chunkIndex', String(at));
        form.append('chunk', blob, plan.fileName);
        return postWithProgress('/api/pastes/upload/chunk', form, (f) =>
          onProgress((sentBefore + f * blob.size) / totalSize),
        );
      };
      try {
        await send().catch((e) => (mayPass(e) ? send() : Promise.reject(e)));
      } catch (e) {
        if (e instanceof ApiError && e.status === 504) {
          throw new ChunkedUploadError(UPLOAD_MESSAGES.failed, chunkTimeoutMessage(at + 1, totalChunks));
        }
        throw e;
      }
      index += 1;
      start += blob.size;
    }
    // Fewer parts or bytes than init announced (the source changed as it was read): never finalized.
    if (index !== totalChunks || start !== totalSize) throw new Error(UPLOAD_MESSAGES.failed);
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
    const fields = (await plan.finalizeFields?.()) ?? {};
    result = await api.post<FinalizeResult>('/api/pastes/upload/finalize', { uploadId, ...fields });
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
