import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import type { UpdateSettingsBody } from '../../../../common/schemas/settings';
import type { TestEmailBody } from '../../../../common/schemas/setup';
import { api, errorFromResponse, postWithProgress } from '../../../lib/api-client';
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

/** Uploads a favicon file (the server checks its type and size); the settings are refreshed. */
export function useUploadFavicon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('favicon', file);
      return postWithProgress<ResponseOf<'POST /api/upload/favicon'>>('/api/upload/favicon', form, () => {});
    },
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminSettings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.publicSettings }),
      ]),
  });
}

/** Test Connection: the server remembers a success, so Save of the same values is accepted. */
export function useTestEmailSettings() {
  return useMutation({
    mutationFn: (body: TestEmailBody) =>
      api.post<ResponseOf<'POST /api/setup/test-email'>>('/api/setup/test-email', body),
  });
}

export function useTestTurnstile() {
  return useMutation({
    mutationFn: (keys: { siteKey: string; secretKey: string }) =>
      api.post<ResponseOf<'POST /api/admin/test-turnstile'>>('/api/admin/test-turnstile', keys),
  });
}

/** Sends the backup file as it is (the browser streams it from disk); the server parses it streaming. */
export function useImportDatabase() {
  return useMutation({
    mutationFn: async (file: File) => {
      const response = await fetch('/api/admin/database/import', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: file,
        credentials: 'include',
      });
      const text = await response.text();
      if (!response.ok) throw errorFromResponse(response.status, response.statusText, text);
      return JSON.parse(text) as ResponseOf<'POST /api/admin/database/import'>;
    },
  });
}
