import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type DeleteRequestItem = ResponseOf<'GET /api/admin/delete-requests'>['requests'][number];
export type ReportItem = ResponseOf<'GET /api/admin/paste-reports'>['reports'][number];
export type Decision = 'approve' | 'reject';

export function useDeleteRequests() {
  return useQuery({
    queryKey: queryKeys.adminDeleteRequests,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/admin/delete-requests'>>('/api/admin/delete-requests', signal),
    select: (r) => r.requests,
  });
}

export function useReports() {
  return useQuery({
    queryKey: queryKeys.adminPasteReports,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/admin/paste-reports'>>('/api/admin/paste-reports', signal),
    select: (r) => r.reports,
  });
}

/**
 * The key a reporter shared with staff for an encrypted paste; 404 when none is kept
 * (not shared, or the report decided). Read on demand, never cached: it is audit-logged.
 */
export function getReportKey(reportId: number): Promise<{ key: string }> {
  return api.get<{ key: string }>(`/api/admin/paste-reports/${reportId}/key`);
}

/** After a decision the lists, the counts and (when approved) the paste lists are stale. */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return (decision: Decision) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminDeleteRequests }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminPasteReports }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminStats }),
      ...(decision === 'approve'
        ? [
            queryClient.invalidateQueries({ queryKey: queryKeys.pastes }),
            queryClient.invalidateQueries({ queryKey: queryKeys.topViewsPeriods }),
          ]
        : []),
    ]);
}

export function useDecideDeleteRequest() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: Decision }) =>
      api.post<ResponseOf<'POST /api/admin/delete-requests/:id/approve'>>(
        `/api/admin/delete-requests/${id}/${decision}`,
      ),
    onSettled: (_data, _error, { decision }) => refresh(decision),
  });
}

export function useDecideReport() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: Decision }) =>
      api.post<ResponseOf<'POST /api/admin/paste-reports/:id/approve'>>(
        `/api/admin/paste-reports/${id}/${decision}`,
      ),
    onSettled: (_data, _error, { decision }) => refresh(decision),
  });
}
