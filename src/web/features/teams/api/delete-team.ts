import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteTeam = (slug: string) =>
  api.delete<{ success: true }>(`/api/teams/${encodeURIComponent(slug)}`);

export function useDeleteTeam(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTeam(slug),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.team(slug) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.teams });
    },
  });
}
