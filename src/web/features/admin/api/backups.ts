import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ScheduledBackup = ResponseOf<'GET /api/admin/backups'>['backups'][number];

/** The backups the schedule wrote (BACKUP_INTERVAL_HOURS), newest first. */
export function useScheduledBackups() {
  return useQuery({
    queryKey: queryKeys.adminBackups,
    queryFn: ({ signal }) => api.get<ResponseOf<'GET /api/admin/backups'>>('/api/admin/backups', signal),
  });
}
