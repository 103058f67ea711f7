import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurgeInput } from '../../../../common/schemas/bans';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Who wrote a reported paste and how many pastes they have: read when the dialog opens. */
export function useReportAuthor(reportId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reportAuthor(reportId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/admin/paste-reports/:id/author'>>(
        `/api/admin/paste-reports/${reportId}/author`,
        signal,
      ),
    enabled,
    // A preview is only good while it is fresh: read it again each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useDeleteEverything(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PurgeInput) =>
      api.post<ResponseOf<'POST /api/admin/paste-reports/:id/delete-everything'>>(
        `/api/admin/paste-reports/${reportId}/delete-everything`,
        input,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminPasteReports }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminStats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.reportAuthor(reportId) }),
      ]),
  });
}
