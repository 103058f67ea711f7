import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function logout(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/logout');
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
