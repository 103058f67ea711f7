import { createJobThread } from '../../infra/job-thread/job-thread.js';
import type { CardDone, CardJob } from './card-worker.js';
import type { CardContent } from './preview-card.js';

export interface CardRendererOptions {
  /** A card not drawn within this long is given up (null), and its thread started afresh. */
  timeoutMs: number;
  /** Cards waiting beyond this many are given up at once. */
  maxQueued: number;
}

/**
 * Preview cards drawn on one worker thread, one at a time (card-worker.ts), each within
 * `timeoutMs`: null for a card given up, which its route answers as unavailable.
 */
export function createCardRenderer({ timeoutMs, maxQueued }: CardRendererOptions) {
  const thread = createJobThread<Omit<CardJob, 'id'>, CardDone, Uint8Array | null>({
    script: { from: import.meta.url, name: 'card-worker' },
    timeoutMs,
    maxQueued,
    giveUp: () => null,
    answer: (done) => (done.png === null ? null : Buffer.from(done.png)),
  });
  return {
    render: (card: CardContent): Promise<Uint8Array | null> => thread.run({ card }),
    close: thread.close,
  };
}

export type CardRenderer = ReturnType<typeof createCardRenderer>;
