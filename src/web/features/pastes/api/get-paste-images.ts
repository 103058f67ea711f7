import type { ReadablePasteView } from '../../../../common/schemas/paste';
import type { ResponseOf } from '../../../../common/schemas/responses';
import { api } from '../../../lib/api-client';

export type PasteImages = ResponseOf<'GET /api/pastes/:id/images'>;

/**
 * The image proxy's signed addresses of a Markdown paste's remote images; a password paste's
 * reader sends the access grant its page holds.
 */
export function getPasteImages(paste: Pick<ReadablePasteView, 'id' | 'accessToken'>): Promise<PasteImages> {
  const access = paste.accessToken ? `?access=${encodeURIComponent(paste.accessToken)}` : '';
  return api.get<PasteImages>(`/api/pastes/${encodeURIComponent(paste.id)}/images${access}`);
}
