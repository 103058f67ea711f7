import { downloadFileName as fileNameFor } from '../../../../common/languages';
import type { PasteView } from '../../../../common/schemas/paste';

function accessQuery(paste: Pick<PasteView, 'accessToken'>): string {
  return paste.accessToken ? `?access=${encodeURIComponent(paste.accessToken)}` : '';
}

/** The raw text of a paste; password pastes carry this viewer's short-lived access grant. */
export function rawUrl(paste: Pick<PasteView, 'id' | 'accessToken'>): string {
  return `/raw/${encodeURIComponent(paste.id)}${accessQuery(paste)}`;
}

export function downloadUrl(paste: Pick<PasteView, 'id' | 'accessToken' | 'downloadUrl'>): string {
  return paste.downloadUrl ?? `/api/pastes/${encodeURIComponent(paste.id)}/download${accessQuery(paste)}`;
}

/** An encrypted paste's line table as its uploader sealed it. */
export function lineTableUrl(paste: Pick<PasteView, 'id' | 'accessToken'>): string {
  return `/api/pastes/${encodeURIComponent(paste.id)}/line-table${accessQuery(paste)}`;
}

/**
 * The name a download gets (common/languages: the title made safe, the language's extension).
 * `language` is what the viewer sees the paste as: chosen, or detected.
 */
export function downloadFileName(paste: Pick<PasteView, 'id' | 'title'>, language?: string | null): string {
  return fileNameFor(paste.title, paste.id, language);
}

/** Saves text as a file without another request (the content is already here). */
export function saveTextFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  clickDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Has the browser save `url` (an object URL) as `fileName`, as a click on a download link would. */
export function clickDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
