import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditPasteBody } from '../../../../common/schemas/paste';
import type { EditPasteResult } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/pastes/:id: the author's new revision; privacy, password and expiry stay. */
export function editPaste(id: string, body: EditPasteBody): Promise<EditPasteResult> {
  return api.put<EditPasteResult>(`/api/pastes/${encodeURIComponent(id)}`, body);
}

export function useEditPaste(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditPasteBody) => editPaste(id, body),
    onSuccess: () => {
      // The paste now shows the new revision, and the list has one more; my pastes show the title.
      void queryClient.invalidateQueries({ queryKey: queryKeys.paste(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.revisions(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPastes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.searches });
    },
  });
}
