import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePasteBody, CreatePasteResult } from '../../../../common/schemas/paste';
import { postWithProgress } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { saveCreatorToken } from '../lib/creator-tokens';

/** POST /api/pastes with upload progress (0..1) for the 'Creating paste...' bar. */
export async function createPaste(
  body: CreatePasteBody,
  onProgress: (fraction: number) => void,
): Promise<CreatePasteResult> {
  const result = await postWithProgress<CreatePasteResult>('/api/pastes', body, onProgress);
  if (!result?.id) throw new Error('Invalid response from server');
  if (result.creatorToken) saveCreatorToken(result.id, result.creatorToken);
  return result;
}

export function useCreatePaste(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePasteBody) => createPaste(body, onProgress),
    onSuccess: () => {
      // Spec §7: my pastes and the paste list are refreshed after a create.
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPastes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pastes, exact: true });
    },
  });
}
