/**
 * The page's side of the decrypting download: starts the Worker (decrypt-download.worker.ts),
 * then saves the OPFS file it wrote through an <a download> on the file's object URL, and removes
 * the file once the browser has had time to copy it. No crypto here: the Worker loads that.
 */
import { clickDownload } from '../../pastes';
import {
  type DecryptDownloadFailure,
  type DecryptDownloadMessage,
  type DecryptDownloadRequest,
  OPFS_FOLDER,
} from './protocol';

/** How long a saved file stays in OPFS: the browser copies it to the downloads folder meanwhile. */
const KEEP_AFTER_SAVE_MS = 120_000;
/** Files left behind (a tab closed before its clean-up ran) are removed by the next download. */
const STALE_AFTER_MS = 30 * 60_000;

export class DecryptDownloadError extends Error {
  constructor(readonly failure: DecryptDownloadFailure) {
    super(failure.kind);
    this.name = 'DecryptDownloadError';
  }
}

async function downloadsFolder(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(OPFS_FOLDER, { create: true });
}

/** Entries are named `<epoch ms>-<uuid>`: old ones are leftovers, not another tab's download. */
async function removeStale(folder: FileSystemDirectoryHandle): Promise<void> {
  const names: string[] = [];
  for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
  const now = Date.now();
  await Promise.all(
    names
      .filter((name) => now - Number(name.split('-')[0]) > STALE_AFTER_MS)
      .map((name) => folder.removeEntry(name).catch(() => undefined)),
  );
}

function runWorker(
  request: DecryptDownloadRequest,
  onProgress: (fraction: number) => void,
): Promise<{ size: number; title: string | null }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./decrypt-download.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => worker.terminate();
    worker.onmessage = ({ data }: MessageEvent<DecryptDownloadMessage>) => {
      if (data.type === 'progress') {
        if (data.total) onProgress(Math.min(1, data.received / data.total));
        return;
      }
      finish();
      if (data.type === 'done') resolve({ size: data.size, title: data.title });
      else reject(new DecryptDownloadError(data.failure));
    };
    worker.onerror = (event) => {
      finish();
      reject(new DecryptDownloadError({ kind: 'network', message: event.message || 'The download stopped' }));
    };
    worker.postMessage(request);
  });
}

export interface DecryptedDownload {
  url: string;
  headers: Record<string, string>;
  keyText: string;
  sealedTitle: string | null;
  /** The saved file's name, from the paste's opened title (null when it had none to open). */
  fileName: (title: string | null) => string;
  onProgress: (fraction: number) => void;
}

/**
 * Fetches, decrypts and saves an encrypted paste as a file, memory flat whatever its size. Throws
 * DecryptDownloadError (nothing saved, nothing left in OPFS) when any step fails.
 */
export async function saveDecryptedDownload(download: DecryptedDownload): Promise<void> {
  let folder: FileSystemDirectoryHandle;
  try {
    folder = await downloadsFolder();
  } catch (e) {
    throw new DecryptDownloadError({ kind: 'storage', message: e instanceof Error ? e.message : String(e) });
  }
  await removeStale(folder).catch(() => undefined);
  const entryName = `${Date.now()}-${crypto.randomUUID()}`;
  const { title } = await runWorker(
    {
      url: download.url,
      headers: download.headers,
      keyText: download.keyText,
      sealedTitle: download.sealedTitle,
      entryName,
    },
    download.onProgress,
  );
  const file = await (await folder.getFileHandle(entryName)).getFile();
  const url = URL.createObjectURL(file);
  clickDownload(url, download.fileName(title));
  setTimeout(() => {
    URL.revokeObjectURL(url);
    void folder.removeEntry(entryName).catch(() => undefined);
  }, KEEP_AFTER_SAVE_MS);
}
