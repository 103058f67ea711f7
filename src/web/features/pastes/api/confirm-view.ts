import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';

/** Tells the server a burn paste's single reader has it, so it is deleted now (spec §4). */
export function confirmView(id: string): Promise<{ deleted: boolean }> {
  return api.post<ResponseOf<'POST /api/pastes/:id/confirm-view'>>(
    `/api/pastes/${encodeURIComponent(id)}/confirm-view`,
  );
}
