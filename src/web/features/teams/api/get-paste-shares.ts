import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasteShares } from '../../../../common/schemas/teams';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPasteShares = (id: string, signal?: AbortSignal) =>
  api.get<PasteShares>(`/api/pastes/${encodeURIComponent(id)}/shares`, signal);

export const pasteSharesQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.pasteShares(id), queryFn: ({ signal }) => getPasteShares(id, signal) });

/** Whom a shared paste names (its author and staff see it). */
export const usePasteShares = (id: string, enabled: boolean) =>
  useQuery({ ...pasteSharesQueryOptions(id), enabled });
