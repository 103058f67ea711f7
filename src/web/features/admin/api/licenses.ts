import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type LicenseItem = ResponseOf<'GET /api/admin/vip-licenses'>['licenses'][number];

/** Spec §9: the licence history is paged on the server, 10 a page. */
export function useLicenses(page: number) {
  return useQuery({
    queryKey: queryKeys.adminLicenses(page),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/admin/vip-licenses'>>(
        `/api/admin/vip-licenses?page=${page}&pageSize=10`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useGenerateLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<ResponseOf<'POST /api/admin/vip-licenses/generate'>>('/api/admin/vip-licenses/generate'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.adminLicensesAll }),
  });
}

export function useDeleteLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<ResponseOf<'DELETE /api/admin/vip-licenses/:id'>>(`/api/admin/vip-licenses/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.adminLicensesAll }),
  });
}
