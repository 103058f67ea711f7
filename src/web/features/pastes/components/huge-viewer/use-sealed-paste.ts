import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LineTable } from '../../../../../common/paste-crypto/line-table';
import {
  chunkReader,
  countLines,
  openSealedPaste,
  searchSealed,
  UndecryptableError,
} from './encrypted-line-source';
import { recallLineTable, rememberLineTable } from './remembered-line-tables';
import type { ChunkReader } from './sealed-lines';

export type SealedPasteState =
  | { status: 'counting'; fraction: number | null; preview: string[] | null }
  | { status: 'ready'; read: ChunkReader; table: LineTable }
  | { status: 'undecryptable' }
  | { status: 'failed'; message: string };

const COUNTING: SealedPasteState = { status: 'counting', fraction: null, preview: null };

/**
 * An encrypted extreme paste made ready for the viewer: its header fetched, then the whole sealed
 * stream read once and decrypted as it streams to count its lines (the progress is `fraction`; its
 * first lines are in `preview` meanwhile). A stream this tab has counted before opens at once
 * (remembered-line-tables). `attempt` starts it again after a failure.
 */
export function useSealedPaste(url: string, keyText: string, attempt: number): SealedPasteState {
  const [state, setState] = useState<SealedPasteState>(COUNTING);
  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    let shown = -1;
    setState(COUNTING);
    (async () => {
      const paste = await openSealedPaste(url, keyText, controller.signal);
      const known = recallLineTable(paste);
      if (known) return { read: chunkReader(paste), table: known };
      const table = await countLines(
        paste,
        (fraction) => {
          // Whole percents: a 1 GB paste does not re-render a thousand times a second.
          const percent = Math.floor(fraction * 100);
          if (percent === shown) return;
          shown = percent;
          setState((now) => (now.status === 'counting' ? { ...now, fraction } : now));
        },
        controller.signal,
        (preview) => setState((now) => (now.status === 'counting' ? { ...now, preview } : now)),
      );
      rememberLineTable(paste, table);
      return { read: chunkReader(paste), table };
    })().then(
      ({ read, table }) => {
        if (!controller.signal.aborted) setState({ status: 'ready', read, table });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof UndecryptableError) setState({ status: 'undecryptable' });
        else setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [url, keyText, attempt]);
  return state;
}

/**
 * The browser's search through the decrypted paste, page by page, in the server's shape (so the
 * same SearchPanel shows it). Not kept once the viewer is gone: its matches are plaintext.
 */
export function useSealedSearch(pasteId: string, read: ChunkReader, table: LineTable, query: string) {
  return useInfiniteQuery({
    queryKey: ['sealed-search', pasteId, query],
    queryFn: ({ pageParam }) => searchSealed(read, table, query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextFrom ?? undefined,
    enabled: query !== '',
    retry: false,
    // The sealed text never changes: a page found stays found (no refetch on focus).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
