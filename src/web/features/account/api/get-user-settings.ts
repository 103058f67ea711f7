import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '../../../../common/schemas/account';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the account page needs to decide which cards to show (signed-in only). */
export function getUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return api.get<UserSettings>('/api/settings/user', signal);
}

export function userSettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.userSettings, queryFn: ({ signal }) => getUserSettings(signal) });
}

export function useUserSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userSettingsQueryOptions(), enabled });
}
