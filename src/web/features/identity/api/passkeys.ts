import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { answerWithPasskey, createPasskey } from '../lib/webauthn';

type User = ResponseOf<'POST /api/auth/passkeys/sign-in'>;

/** The person's passkeys (names and dates; never a key). */
export function usePasskeys(enabled = true) {
  return useQuery({
    queryKey: queryKeys.passkeys,
    enabled,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'GET /api/account/passkeys'>>('/api/account/passkeys', signal),
  });
}

/**
 * Adds a passkey: options from the server, the browser's prompt, the answer back. `secondFactorCode`
 * where the server asks for a fresh check first (useStepUp).
 */
export async function addPasskey(name: string, secondFactorCode?: string) {
  const options = await api.post<ResponseOf<'POST /api/account/passkeys/registration-options'>>(
    '/api/account/passkeys/registration-options',
    secondFactorCode ? { secondFactorCode } : {},
  );
  const response = await createPasskey(options);
  return api.post<ResponseOf<'POST /api/account/passkeys'>>('/api/account/passkeys', { name, response });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.patch<ResponseOf<'PATCH /api/account/passkeys/:id'>>(`/api/account/passkeys/${id}`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}

export function removePasskey(id: number, secondFactorCode?: string) {
  return api.delete<ResponseOf<'DELETE /api/account/passkeys/:id'>>(
    `/api/account/passkeys/${id}`,
    secondFactorCode ? { secondFactorCode } : undefined,
  );
}

/** A fresh second-factor check of this session by passkey (the step-up dialog's other way). */
export async function stepUpWithPasskey() {
  const options = await api.post<ResponseOf<'POST /api/account/passkeys/step-up-options'>>(
    '/api/account/passkeys/step-up-options',
    {},
  );
  const response = await answerWithPasskey(options);
  return api.post<ResponseOf<'POST /api/account/passkeys/step-up'>>('/api/account/passkeys/step-up', {
    response,
  });
}

/** Signs in by passkey alone: the browser offers the passkeys it holds for this site. */
export async function signInWithPasskey(): Promise<User> {
  const options = await api.post<ResponseOf<'POST /api/auth/passkeys/sign-in-options'>>(
    '/api/auth/passkeys/sign-in-options',
    {},
  );
  const response = await answerWithPasskey(options);
  return api.post<User>('/api/auth/passkeys/sign-in', { response });
}

/** Completes a sign-in waiting for its second factor with a passkey. */
export async function secondFactorWithPasskey(): Promise<User> {
  const options = await api.post<ResponseOf<'POST /api/auth/passkeys/second-factor-options'>>(
    '/api/auth/passkeys/second-factor-options',
    {},
  );
  const response = await answerWithPasskey(options);
  return api.post<User>('/api/auth/passkeys/second-factor', { response });
}
