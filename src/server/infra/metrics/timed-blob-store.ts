import type { BlobStore } from '../blob-store/index.js';
import type { Metrics } from './metrics.js';

type Operation = keyof BlobStore;
/** Every operation of the interface: a new one fails to compile here until it is listed. */
const OPERATIONS = Object.keys({
  put: true,
  get: true,
  size: true,
  delete: true,
  ping: true,
  startParts: true,
  putPart: true,
  completeParts: true,
  abortParts: true,
} satisfies Record<Operation, true>) as Operation[];

/**
 * The same store, each operation timed into the blob-operation histogram by operation, store
 * (disk, s3) and outcome. A `get` is timed until its stream is open, not until it is read.
 */
export function timedBlobStore(
  store: BlobStore,
  kind: 'disk' | 's3',
  metrics: Pick<Metrics, 'blobOps'>,
): BlobStore {
  const timed = {} as Record<Operation, (...args: never[]) => Promise<unknown>>;
  for (const operation of OPERATIONS) {
    const call = (store[operation] as (...args: unknown[]) => Promise<unknown>).bind(store);
    timed[operation] = async (...args: never[]) => {
      const end = metrics.blobOps.startTimer({ operation, store: kind });
      try {
        const result = await call(...args);
        end({ outcome: 'ok' });
        return result;
      } catch (e) {
        end({ outcome: 'error' });
        throw e;
      }
    };
  }
  return timed as unknown as BlobStore;
}
