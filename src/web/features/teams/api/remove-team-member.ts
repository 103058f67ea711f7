import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail } from '../../../../common/schemas/teams';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const removeTeamMember = (slug: string, username: string) =>
  api.delete<TeamDetail>(`/api/teams/${encodeURIComponent(slug)}/members/${encodeURIComponent(username)}`);

export function useRemoveTeamMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => removeTeamMember(slug, username),
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.team(slug), detail);
      return queryClient.invalidateQueries({ queryKey: queryKeys.teams });
    },
  });
}
