/** The highlight worker: one request in, one answer out (see highlight-off-thread.ts). */
import { highlight } from './highlight';
import type { HighlightRequest, HighlightResponse } from './highlight-off-thread';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HighlightRequest>) => void) | null;
  postMessage(message: HighlightResponse): void;
};

scope.onmessage = ({ data }) => {
  try {
    scope.postMessage({ ok: true, result: highlight(data.code, data.choice) });
  } catch {
    scope.postMessage({ ok: false });
  }
};
