/**
 * The decrypting download (issue 21): fetches an encrypted paste's sealed bytes, opens them as a
 * stream and writes the plaintext into a file of the origin's private storage (OPFS) through a
 * synchronous access handle, which only a Worker may hold. Neither the sealed nor the plain bytes
 * are ever whole in memory, so the tab stays flat for any size. On any failure the partial file is
 * deleted: a half-decrypted paste is never offered.
 */
import {
  createOpenStream,
  DecryptError,
  importKeyText,
  openTitle,
} from '../../../../common/paste-crypto/index';
import {
  type DecryptDownloadFailure,
  type DecryptDownloadMessage,
  type DecryptDownloadRequest,
  OPFS_FOLDER,
} from './protocol';

/** The parts of FileSystemSyncAccessHandle used here (TypeScript's DOM lib does not declare it). */
interface SyncAccessHandle {
  write(buffer: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}
type SyncFileHandle = FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncAccessHandle> };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecryptDownloadRequest>) => void) | null;
  postMessage(message: DecryptDownloadMessage): void;
};

/** A progress message at most every this many sealed bytes. */
const PROGRESS_STEP = 4 * 1024 * 1024;

class Failed extends Error {
  constructor(readonly failure: DecryptDownloadFailure) {
    super(failure.kind);
  }
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/** Counts the sealed bytes as they pass, for the page's progress. */
function counting(total: number | null): TransformStream<Uint8Array, Uint8Array> {
  let received = 0;
  let reported = 0;
  return new TransformStream({
    transform(chunk, controller) {
      received += chunk.length;
      if (received - reported >= PROGRESS_STEP) {
        reported = received;
        scope.postMessage({ type: 'progress', received, total });
      }
      controller.enqueue(chunk);
    },
  });
}

async function openSealedTitle(key: CryptoKey, sealedTitle: string | null): Promise<string | null> {
  if (sealedTitle === null) return null;
  try {
    return await openTitle(key, sealedTitle);
  } catch {
    // Not this paste's key (or an altered title): nothing is fetched.
    throw new Failed({ kind: 'undecryptable' });
  }
}

async function fetchSealed(request: DecryptDownloadRequest): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request.url, { credentials: 'include', headers: request.headers });
  } catch (e) {
    throw new Failed({ kind: 'network', message: errorText(e) });
  }
  if (!response.ok || !response.body) {
    throw new Failed({ kind: 'http', status: response.status, message: await serverMessage(response) });
  }
  return response;
}

/**
 * Writes the opened stream at the start of the file; returns the plaintext's size. The file is
 * first grown to `room` bytes (the sealed length, never less than the plaintext): Chromium then
 * grants the storage once, not at every write past the end, which halves the writing time.
 */
async function writePlain(
  plain: ReadableStream<Uint8Array>,
  access: SyncAccessHandle,
  room: number | null,
): Promise<number> {
  if (room) access.truncate(room);
  const reader = plain.getReader();
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (access.write(value, { at }) !== value.length) {
      throw new DOMException('The file could not be written whole', 'QuotaExceededError');
    }
    at += value.length;
  }
  access.truncate(at);
  access.flush();
  return at;
}

async function run(request: DecryptDownloadRequest): Promise<DecryptDownloadMessage> {
  const key = await importKeyText(request.keyText);
  if (!key) throw new Failed({ kind: 'undecryptable' });
  const title = await openSealedTitle(key, request.sealedTitle);
  const response = await fetchSealed(request);
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isSafeInteger(length) && length > 0 ? length : null;
  let folder: FileSystemDirectoryHandle;
  let access: SyncAccessHandle;
  try {
    const root = await navigator.storage.getDirectory();
    folder = await root.getDirectoryHandle(OPFS_FOLDER, { create: true });
    const handle = (await folder.getFileHandle(request.entryName, { create: true })) as SyncFileHandle;
    access = await handle.createSyncAccessHandle();
  } catch (e) {
    await response.body?.cancel().catch(() => undefined);
    throw new Failed({ kind: 'storage', message: errorText(e) });
  }
  try {
    const plain = response.body!.pipeThrough(counting(total)).pipeThrough(createOpenStream(key));
    const size = await writePlain(plain, access, total);
    access.close();
    return { type: 'done', size, title };
  } catch (e) {
    access.close();
    await folder.removeEntry(request.entryName).catch(() => undefined);
    if (e instanceof DecryptError) throw new Failed({ kind: 'undecryptable' });
    const quota = e instanceof DOMException && e.name === 'QuotaExceededError';
    throw new Failed(
      quota ? { kind: 'storage', message: e.message } : { kind: 'network', message: errorText(e) },
    );
  }
}

scope.onmessage = ({ data }) => {
  run(data).then(
    (message) => scope.postMessage(message),
    (e: unknown) =>
      scope.postMessage({
        type: 'failed',
        failure: e instanceof Failed ? e.failure : { kind: 'network', message: errorText(e) },
      }),
  );
};
