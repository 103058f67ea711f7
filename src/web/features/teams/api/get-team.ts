import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamDetail } from '../../../../common/schemas/teams';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getTeam = (slug: string, signal?: AbortSignal) =>
  api.get<TeamDetail>(`/api/teams/${encodeURIComponent(slug)}`, signal);

export const teamQueryOptions = (slug: string) =>
  queryOptions({ queryKey: queryKeys.team(slug), queryFn: ({ signal }) => getTeam(slug, signal) });

/** One team with its members (members and staff see it). */
export const useTeam = (slug: string) => useQuery(teamQueryOptions(slug));
