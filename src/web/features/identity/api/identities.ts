import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DirectoryCredentials } from '../../../../common/schemas/identity';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every enabled provider and whether this account is linked to it (signed-in). */
export function useIdentities() {
  return useQuery({
    queryKey: queryKeys.userIdentities,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<'GET /api/user/identities'>>('/api/user/identities', signal)
        .then((r) => r.identities),
  });
}

/** Links a redirect provider: the server starts the flow, the browser goes to the provider. */
export function useLinkRedirectProvider() {
  return useMutation({
    mutationFn: ({ id, secondFactorCode }: { id: string; secondFactorCode?: string }) =>
      api.post<ResponseOf<'POST /api/auth/oidc/:id/link'>>(
        `/api/auth/oidc/${encodeURIComponent(id)}/link`,
        secondFactorCode ? { secondFactorCode } : undefined,
      ),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}

/** Links a directory with its username and password (they go to the directory only). */
export function useLinkDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...creds }: DirectoryCredentials & { id: string; secondFactorCode?: string }) =>
      api.post<ResponseOf<'POST /api/auth/ldap/:id/link'>>(
        `/api/auth/ldap/${encodeURIComponent(id)}/link`,
        creds,
      ),
    onSuccess: ({ identities }) => queryClient.setQueryData(queryKeys.userIdentities, identities),
  });
}

/** Removes this account's link to a provider (refused when it is the only way in). */
export function useUnlinkProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, secondFactorCode }: { id: string; secondFactorCode?: string }) =>
      api.post<ResponseOf<'POST /api/user/identities/:id/unlink'>>(
        `/api/user/identities/${encodeURIComponent(id)}/unlink`,
        secondFactorCode ? { secondFactorCode } : undefined,
      ),
    onSuccess: ({ identities }) => queryClient.setQueryData(queryKeys.userIdentities, identities),
  });
}
