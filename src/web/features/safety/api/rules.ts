import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import type { SafetyImportInput, SafetyRuleInput } from '../../../../common/schemas/safety';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useSafetyRules() {
  return useQuery({
    queryKey: queryKeys.safetyRules,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/admin/safety/rules'>>('/api/admin/safety/rules', signal),
    select: (r) => r.rules,
  });
}

function useRefreshRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.safetyRules });
}

export function useAddRule() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (rule: SafetyRuleInput) =>
      api.post<ResponseOf<'POST /api/admin/safety/rules'>>('/api/admin/safety/rules', rule),
    onSuccess: refresh,
  });
}

export function useDeleteRule() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<ResponseOf<'DELETE /api/admin/safety/rules/:id'>>(`/api/admin/safety/rules/${id}`),
    onSettled: refresh,
  });
}

export function useImportRules() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (input: SafetyImportInput) =>
      api.post<ResponseOf<'POST /api/admin/safety/rules/import'>>('/api/admin/safety/rules/import', input),
    onSuccess: refresh,
  });
}

/** A test run over the newest pastes: nothing is saved, so nothing is cached. */
export function useTestRule() {
  return useMutation({
    mutationFn: (rule: Pick<SafetyRuleInput, 'kind' | 'value'>) =>
      api.post<ResponseOf<'POST /api/admin/safety/rules/test'>>('/api/admin/safety/rules/test', rule),
  });
}
