import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '../../../../common/constants';
import type { TeamDetail } from '../../../../common/schemas/teams';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Adds a member by username, or gives a member another role. */
export const putTeamMember = (slug: string, username: string, role: TeamRole) =>
  api.put<TeamDetail>(`/api/teams/${encodeURIComponent(slug)}/members`, { username, role });

export function usePutTeamMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: TeamRole }) =>
      putTeamMember(slug, username, role),
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.team(slug), detail);
      return queryClient.invalidateQueries({ queryKey: queryKeys.teams });
    },
  });
}
