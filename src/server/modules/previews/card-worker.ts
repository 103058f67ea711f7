/**
 * The card renderer's thread (card-renderer.ts): satori lays a card out and resvg draws it, some
 * 50–300 ms of CPU each time (measured on this project's machines), away from the thread that
 * answers requests.
 */
import { parentPort } from 'node:worker_threads';
import { type CardContent, renderCard } from './preview-card.js';

export interface CardJob {
  id: number;
  card: CardContent;
}

export interface CardDone {
  id: number;
  /** The PNG, or null when drawing failed. */
  png: Uint8Array | null;
}

parentPort?.on('message', async ({ id, card }: CardJob) => {
  const png = await renderCard(card).catch(() => null);
  // The PNG's buffer is handed over, not copied.
  parentPort!.postMessage({ id, png } satisfies CardDone, png ? [png.buffer as ArrayBuffer] : []);
});
