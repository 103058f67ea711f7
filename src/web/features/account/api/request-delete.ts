import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';

/** Asks staff to delete one of the user's own pastes; stored pending for moderation. */
export function requestDelete(pasteId: string, reason: string): Promise<{ id: number }> {
  return api.post<ResponseOf<'POST /api/pastes/:id/request-delete', 201>>(
    `/api/pastes/${encodeURIComponent(pasteId)}/request-delete`,
    { reason },
  );
}

export function useRequestDelete(pasteId: string) {
  return useMutation({ mutationFn: (reason: string) => requestDelete(pasteId, reason) });
}
