import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditAction } from '../../../../common/schemas/audit';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AuditPage = ResponseOf<'GET /api/admin/audit'>;
export type AuditFilters = {
  actor: string;
  action: AuditAction | '';
  target: string;
  from: string;
  to: string;
};

/** One page of the audit log, filtered on the server. */
export function useAuditLog(filters: AuditFilters, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query.set(key, value.trim());
  return useQuery({
    queryKey: queryKeys.adminAudit(query.toString()),
    queryFn: ({ signal }) => api.get<AuditPage>(`/api/admin/audit?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}
