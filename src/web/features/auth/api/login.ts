import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '../../../../common/schemas/auth';
import type { ResponseOf } from '../../../../common/schemas/responses';
import type { SecondFactorRequired } from '../../../../common/schemas/second-factor';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshSessionCaches } from './session-caches';

export type LoginAnswer = ResponseOf<'POST /api/login'>;

/** An account with a second factor gets no session from its password alone. */
export function needsSecondFactor(answer: object): answer is SecondFactorRequired {
  return 'secondFactorRequired' in answer;
}

export function login(body: LoginBody): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/api/login', body);
}

/** Sets the user from the answer (unless a code is still to come), then refreshes the session caches. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (needsSecondFactor(answer)) return;
      queryClient.setQueryData(queryKeys.user, answer);
      void refreshSessionCaches(queryClient);
    },
  });
}
