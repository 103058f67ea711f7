import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LineTable } from '../../../../common/paste-crypto/line-table';
import {
  chunkReader,
  countLines,
  fetchLineTable,
  openSealedPaste,
  searchSealed,
  UndecryptableError,
} from '../lib/encrypted-line-source';
import { recallLineTable, rememberLineTable } from '../lib/remembered-line-tables';
import type { ChunkReader } from '../lib/sealed-lines';

export type SealedPasteState =
  | { status: 'opening' }
  | { status: 'counting'; fraction: number | null; preview: string[] | null }
  | { status: 'ready'; read: ChunkReader; table: LineTable }
  | { status: 'undecryptable' }
  | { status: 'failed'; message: string };

const OPENING: SealedPasteState = { status: 'opening' };
const COUNTING: SealedPasteState = { status: 'counting', fraction: null, preview: null };

/** Where the viewer reads an encrypted paste: its sealed stream, and the line table its uploader sealed. */
export interface SealedPasteUrls {
  content: string;
  lineTable: string;
}

/**
 * An encrypted extreme paste made ready for the viewer: its header fetched, then its line table —
 * the one this tab counted before (remembered-line-tables), else the one its uploader sealed, else
 * counted now by reading the whole sealed stream once, decrypting it as it streams (`opening`
 * until then; while `counting`, the progress is `fraction` and its first lines are in `preview`). `countAnyway` passes over the
 * uploader's table (one that did not match the text). `attempt` starts it again after a failure.
 */
export function useSealedPaste(
  urls: SealedPasteUrls,
  keyText: string,
  attempt: number,
  countAnyway: boolean,
): SealedPasteState {
  const { content: url, lineTable: tableUrl } = urls;
  const [state, setState] = useState<SealedPasteState>(OPENING);
  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    let shown = -1;
    setState(OPENING);
    (async () => {
      const paste = await openSealedPaste(url, keyText, controller.signal);
      const known = recallLineTable(paste);
      if (known) return { read: chunkReader(paste), table: known };
      const uploaded = countAnyway ? null : await fetchLineTable(tableUrl, paste, controller.signal);
      if (uploaded) return { read: chunkReader(paste, uploaded), table: uploaded };
      if (!controller.signal.aborted) setState(COUNTING);
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
  }, [url, tableUrl, keyText, attempt, countAnyway]);
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
