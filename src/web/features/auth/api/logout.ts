import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';

export function logout(): Promise<ResponseOf<'POST /api/logout'>> {
  return api.post<ResponseOf<'POST /api/logout'>>('/api/logout');
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
