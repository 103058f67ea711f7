import { useMutation } from '@tanstack/react-query';
import type { TestEmailBody } from '../../../../common/schemas/setup';
import { api } from '../../../lib/api-client';

export interface TestEmailResult {
  ok: true;
  message: string;
}

export function testEmail(body: TestEmailBody): Promise<TestEmailResult> {
  return api.post<TestEmailResult>('/api/setup/test-email', body);
}

export function useTestEmail() {
  return useMutation({ mutationFn: testEmail });
}
