import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasteView } from '../../../../common/schemas/paste';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { saveAccessGrant } from '../lib/access-grants';

export function verifyPaste(id: string, password: string): Promise<PasteView> {
  return api.post<PasteView>(`/api/pastes/${encodeURIComponent(id)}/verify`, { password });
}

/** On success the unlocked paste (with content) replaces the locked one in the cache, and its grant is kept for the session. */
export function useVerifyPaste(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => verifyPaste(id, password),
    onSuccess: (paste) => {
      saveAccessGrant(id, paste.accessToken);
      queryClient.setQueryData(queryKeys.paste(id), paste);
    },
  });
}
