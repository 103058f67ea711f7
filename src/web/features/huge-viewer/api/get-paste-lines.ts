import type { PasteLines } from '../../../../common/schemas/paste-lines';
import { api } from '../../../lib/api-client';

export type { PasteLines };

/** `access`: the viewer's grant for a password paste (as for the raw and download links). */
export function getPasteLines(
  id: string,
  opts: { from: number; count: number; access?: string; signal?: AbortSignal },
): Promise<PasteLines> {
  const params = new URLSearchParams({ from: String(opts.from), count: String(opts.count) });
  if (opts.access) params.set('access', opts.access);
  return api.get<PasteLines>(`/api/pastes/${encodeURIComponent(id)}/lines?${params}`, opts.signal);
}
