import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import type { UpdateSettingsBody } from '../../../../common/schemas/settings';
import type { TestEmailBody } from '../../../../common/schemas/setup';
import { api, postWithProgress } from '../../../lib/api-client';
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
/** Sends the backup file as it is, reporting how much of it went up (0..1). */
export function useImportDatabase() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      postWithProgress<ResponseOf<'POST /api/admin/database/import'>>(
        '/api/admin/database/import',
        file,
        onProgress,
      ),
  });
}

/** What the last import brought in, kept across the reload and sign-in that follow it. */
const LAST_IMPORT_KEY = 'pasteshare:last-import';

export function rememberImport(counts: Record<string, number>): void {
  sessionStorage.setItem(LAST_IMPORT_KEY, JSON.stringify(counts));
}

export const forgetImport = (): void => sessionStorage.removeItem(LAST_IMPORT_KEY);

/** The counts of the import just done, if one was (forgetImport once they are shown). */
export function lastImport(): Record<string, number> | null {
  const raw = sessionStorage.getItem(LAST_IMPORT_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Record<string, number>;
  } catch {
    return null;
  }
}
