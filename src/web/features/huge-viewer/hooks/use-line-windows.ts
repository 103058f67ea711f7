import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { getPasteLines } from '../api/get-paste-lines';
import { LruCache, MAX_CHARS, MAX_WINDOWS, WINDOW_LINES, windowOf, windowStart } from '../lib/window-cache';

type WindowEntry =
  | { status: 'loading'; controller: AbortController }
  | { status: 'ready'; lines: string[]; truncated: Set<number> }
  | { status: 'error'; message: string };

/** One line as the viewer can show it now. */
export type LineState =
  | { status: 'loading' }
  | { status: 'error'; message: string; window: number }
  | { status: 'ready'; text: string; truncated: boolean };

export interface PasteSize {
  totalLines: number;
  sizeBytes: number;
}

function weightOf(lines: string[]): number {
  let chars = 0;
  for (const line of lines) chars += line.length;
  return chars + lines.length * 16;
}

/** A window of lines, whole (or to the paste's end), with what the answer says of the paste. */
export interface WindowAnswer {
  lines: string[];
  truncated: Set<number>;
  totalLines: number;
  sizeBytes: number;
}

/** Where windows come from: the server (serverWindows) or, for an encrypted paste, the tab itself. */
export type WindowFetcher = (window: number, signal: AbortSignal) => Promise<WindowAnswer>;

/**
 * A whole window from the server: it may answer fewer lines than asked (it caps the bytes of one
 * answer, and lines may be up to 10,000 characters), so the rest is asked for until the window or
 * the paste ends.
 */
export function serverWindows(pasteId: string, access: string | undefined): WindowFetcher {
  return async (window, signal) => {
    const first = windowStart(window);
    const lines: string[] = [];
    const truncated = new Set<number>();
    for (;;) {
      const answer = await getPasteLines(pasteId, {
        from: first + lines.length,
        count: WINDOW_LINES - lines.length,
        access,
        signal,
      });
      lines.push(...answer.lines);
      for (const n of answer.truncatedLines ?? []) truncated.add(n);
      const end = Math.min(WINDOW_LINES, answer.totalLines - first + 1);
      if (answer.lines.length === 0 || lines.length >= end) {
        return { lines, truncated, totalLines: answer.totalLines, sizeBytes: answer.sizeBytes };
      }
    }
  };
}

/**
 * The windows of a huge paste's lines: `request` fetches those not held yet (each once: a window
 * loading, held or failed is not asked again until `retry`), `line` reads one line. Windows pushed
 * out of the cache while loading are aborted. `size` comes with the first answer. `fetchWindow`
 * must keep its identity (useMemo) while the paste stays the same.
 */
export function useLineWindows(fetchWindow: WindowFetcher) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [size, setSize] = useState<PasteSize | null>(null);
  const cache = useRef<LruCache<number, WindowEntry> | null>(null);
  if (!cache.current) {
    cache.current = new LruCache<number, WindowEntry>(MAX_WINDOWS, MAX_CHARS, (_key, entry) => {
      if (entry.status === 'loading') entry.controller.abort();
    });
  }
  const windows = cache.current;
  useEffect(() => () => windows.clear(), [windows]);

  const load = useCallback(
    (window: number) => {
      const controller = new AbortController();
      windows.set(window, { status: 'loading', controller });
      fetchWindow(window, controller.signal)
        .then((answer) => {
          if (windows.peek(window) !== undefined && !controller.signal.aborted) {
            const entry: WindowEntry = { status: 'ready', lines: answer.lines, truncated: answer.truncated };
            windows.set(window, entry, weightOf(answer.lines));
          }
          setSize((known) =>
            known?.totalLines === answer.totalLines && known.sizeBytes === answer.sizeBytes
              ? known
              : { totalLines: answer.totalLines, sizeBytes: answer.sizeBytes },
          );
          rerender();
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof Error ? error.message : 'Could not load these lines.';
          if (windows.peek(window) !== undefined) windows.set(window, { status: 'error', message });
          rerender();
        });
    },
    [fetchWindow, windows],
  );

  /** Marks these windows as in use and fetches the ones not held. */
  const request = useCallback(
    (wanted: number[]) => {
      for (const window of wanted) if (!windows.get(window)) load(window);
    },
    [load, windows],
  );

  const retry = useCallback(
    (window: number) => {
      windows.remove(window);
      load(window);
      rerender();
    },
    [load, windows],
  );

  const line = useCallback(
    (n: number): LineState => {
      const window = windowOf(n);
      const entry = windows.peek(window);
      if (!entry || entry.status === 'loading') return { status: 'loading' };
      if (entry.status === 'error') return { status: 'error', message: entry.message, window };
      return {
        status: 'ready',
        text: entry.lines[n - windowStart(window)] ?? '',
        truncated: entry.truncated.has(n),
      };
    },
    [windows],
  );

  return { size, request, retry, line };
}
