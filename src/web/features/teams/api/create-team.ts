import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTeamBody, TeamDetail } from '../../../../common/schemas/teams';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createTeam = (body: CreateTeamBody) => api.post<TeamDetail>('/api/teams', body);

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
  });
}
