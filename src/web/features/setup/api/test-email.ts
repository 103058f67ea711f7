import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import type { TestEmailBody } from '../../../../common/schemas/setup';
import { api } from '../../../lib/api-client';

export type TestEmailResult = ResponseOf<'POST /api/setup/test-email'>;

export function testEmail(body: TestEmailBody): Promise<TestEmailResult> {
  return api.post<TestEmailResult>('/api/setup/test-email', body);
}

export function useTestEmail() {
  return useMutation({ mutationFn: testEmail });
}
