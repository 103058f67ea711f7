import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';

export type RevealedApiKey = ResponseOf<'POST /api/auth/reveal-api-key'>;

/** Redeems the one-time code from the verification redirect; it works once and for 10 minutes. */
export function revealApiKey(code: string): Promise<RevealedApiKey> {
  return api.post<RevealedApiKey>('/api/auth/reveal-api-key', { code });
}
