import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function reportPaste(id: string, reason: string): Promise<unknown> {
  return api.post(`/api/pastes/${encodeURIComponent(id)}/report`, { reason });
}

export function useReportPaste(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => reportPaste(id, reason),
    // Spec §7: the admins' report list is refreshed after a report.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminPasteReports }),
  });
}
