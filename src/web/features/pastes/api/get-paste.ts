import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  PASTE_POLL_MS,
  PASTE_QUERY_RETRIES,
  PASTE_QUERY_RETRY_DELAY_MS,
  PROCESSING_CONTENT,
} from '../../../../common/constants';
import type { PasteView } from '../../../../common/schemas/paste';
import { ApiError, api, readJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { accessGrant, noteGrantAnswer } from '../lib/access-grants';
import { creatorToken } from '../lib/creator-tokens';

/**
 * The paste as this visitor may see it. `reveal: false` (the page's first read): a burn paste that
 * this read would destroy comes back without content (`requiresReveal`), so a link scanner that
 * runs the page burns nothing; revealPaste reads it for real.
 */
export async function getPaste(
  id: string,
  opts: { reveal: boolean; signal?: AbortSignal },
): Promise<PasteView> {
  const token = creatorToken(id);
  const grant = accessGrant(id);
  const params = new URLSearchParams();
  if (!opts.reveal) params.set('reveal', 'false');
  if (grant) params.set('access', grant);
  const query = params.size ? `?${params}` : '';
  const paste = await api.get<PasteView>(`/api/pastes/${encodeURIComponent(id)}${query}`, opts.signal, {
    ...(token ? { 'X-Creator-Token': token } : {}),
  });
  noteGrantAnswer(id, grant, paste);
  return paste;
}

/** The answer to the same request sent early by public/early.js, with the same grant bookkeeping. */
export async function readEarlyPaste(id: string, response: Promise<Response>): Promise<PasteView> {
  const paste = await readJson<PasteView>(await response);
  noteGrantAnswer(id, accessGrant(id), paste);
  return paste;
}

/**
 * Spec §4: up to 10 retries 1 s apart — for failures that may pass (network, 5xx, 429). A 4xx is
 * the server's answer: a 404 (unknown, expired or already burned) shows 'Paste Not Found' at once
 * instead of a spinner for ten seconds that ends the same way.
 */
export function shouldRetryPaste(failureCount: number, error: unknown): boolean {
  if (failureCount >= PASTE_QUERY_RETRIES) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return false;
  }
  return true;
}

export function pasteQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.paste(id),
    queryFn: ({ signal }) => getPaste(id, { reveal: false, signal }),
    retry: shouldRetryPaste,
    retryDelay: PASTE_QUERY_RETRY_DELAY_MS,
    // The page's first read already failed (early-data.ts) and its screen says how, with a retry
    // where one can help: mounting it does not ask again (and flash "Loading" over the answer).
    retryOnMount: false,
    // A paste still being assembled is polled until its content is real (spec §4).
    refetchInterval: (query) => (query.state.data?.content === PROCESSING_CONTENT ? PASTE_POLL_MS : false),
  });
}

export function isProcessing(paste: PasteView): boolean {
  return paste.content === PROCESSING_CONTENT;
}

export function usePaste(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery(pasteQueryOptions(id));
  const delivered = query.data?.content !== undefined && !isProcessing(query.data);
  useEffect(() => {
    // Spec §7: the leaderboard is refreshed when a paste is viewed.
    if (!delivered) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.topViews });
    void queryClient.invalidateQueries({ queryKey: queryKeys.topViewsPeriods });
  }, [delivered, queryClient]);
  return query;
}
