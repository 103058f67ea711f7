import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type MyTeams = ResponseOf<'GET /api/teams'>;

export const getTeams = (signal?: AbortSignal) => api.get<MyTeams>('/api/teams', signal);

export const teamsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.teams, queryFn: ({ signal }) => getTeams(signal) });

/** The teams the signed-in person is in. */
export const useTeams = (enabled = true) => useQuery({ ...teamsQueryOptions(), enabled });
