import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasteShares, PutPasteSharesBody } from '../../../../common/schemas/teams';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Replaces whom a shared paste names. */
export const putPasteShares = (id: string, body: PutPasteSharesBody) =>
  api.put<PasteShares>(`/api/pastes/${encodeURIComponent(id)}/shares`, body);

export function usePutPasteShares(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutPasteSharesBody) => putPasteShares(id, body),
    onSuccess: (shares) => {
      queryClient.setQueryData(queryKeys.pasteShares(id), shares);
      // The change is now the newest entry of the paste's share history.
      void queryClient.invalidateQueries({ queryKey: queryKeys.pasteShareHistory(id) });
    },
  });
}
