import { api } from '../../../lib/api-client';

/** A window of a paste's lines (GET /api/pastes/:id/lines), as the huge-paste viewer reads them. */
export interface PasteLines {
  /** The first line's number (1-based). */
  from: number;
  lines: string[];
  /** Numbers of the lines the server cut (too long to send whole). */
  truncatedLines?: number[];
  totalLines: number;
  sizeBytes: number;
}

/** `access`: the viewer's grant for a password paste (as for the raw and download links). */
export function getPasteLines(
  id: string,
  opts: { from: number; count: number; access?: string; signal?: AbortSignal },
): Promise<PasteLines> {
  const params = new URLSearchParams({ from: String(opts.from), count: String(opts.count) });
  if (opts.access) params.set('access', opts.access);
  return api.get<PasteLines>(`/api/pastes/${encodeURIComponent(id)}/lines?${params}`, opts.signal);
}
