import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What a report sends: the reason, and for an encrypted paste its key when the reporter shares it. */
export interface ReportInput {
  reason: string;
  sharedKey?: string;
  /** A visitor's address to be told the decision (erased once decided). */
  email?: string;
}

export function reportPaste(id: string, { reason, sharedKey, email }: ReportInput): Promise<unknown> {
  return api.post(`/api/pastes/${encodeURIComponent(id)}/report`, {
    reason,
    ...(sharedKey ? { sharedKey } : {}),
    ...(email ? { email } : {}),
  });
}

export function useReportPaste(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) => reportPaste(id, input),
    // Spec §7: the admins' report list is refreshed after a report.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminPasteReports }),
  });
}
