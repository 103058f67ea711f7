import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SharedWithMe } from '../../../../common/schemas/teams';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getSharedWithMe = (page: number, signal?: AbortSignal) =>
  api.get<SharedWithMe>(`/api/shared-with-me?page=${page}`, signal);

/** Pastes shared with the signed-in person, newest first. */
export const useSharedWithMe = (page: number) =>
  useQuery({
    queryKey: queryKeys.sharedWithMe(page),
    queryFn: ({ signal }) => getSharedWithMe(page, signal),
    placeholderData: keepPreviousData,
  });
