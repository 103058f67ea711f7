import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_TITLE } from '../../../../common/constants';
import type { PublicSettings } from '../../../../common/schemas/settings';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return api.get<PublicSettings>('/api/settings/public', signal);
}

export function publicSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.publicSettings,
    queryFn: ({ signal }) => getPublicSettings(signal),
  });
}

/** Disabled while setup is pending: until then the server answers every other route with 409. */
export function usePublicSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publicSettingsQueryOptions(), enabled });
}

/** The configured site title, or the spec default while settings load or when it is blank. */
export function useSiteTitle(): string {
  const { data } = usePublicSettings();
  return data?.siteTitle?.trim() || DEFAULT_SITE_TITLE;
}
