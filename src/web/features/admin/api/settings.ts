import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import type { UpdateSettingsBody } from '../../../../common/schemas/settings';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export { useAdminSettings } from './users';

/** Saves some settings; the admin's and everyone's public settings are refreshed. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateSettingsBody) =>
      api.put<ResponseOf<'PUT /api/settings'>>('/api/settings', change),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.adminSettings, settings);
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicSettings });
    },
  });
}
