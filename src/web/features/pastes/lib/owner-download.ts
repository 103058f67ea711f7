import type { PasteView } from '../../../../common/schemas/paste';
import { errorFromResponse } from '../../../lib/api-client';
import { creatorToken } from './creator-tokens';
import { downloadFileName, downloadUrl, saveTextFile } from './paste-links';

/**
 * The creator of a burn paste downloads it with their creator token, so their own download does
 * not burn it (a plain link cannot carry the header). Returns false when there is no token to
 * send (a signed-in creator is recognised by the session cookie of a plain link).
 */
export async function downloadAsCreator(paste: PasteView): Promise<boolean> {
  const token = creatorToken(paste.id);
  if (!token) return false;
  const response = await fetch(downloadUrl(paste), {
    credentials: 'include',
    headers: { 'X-Creator-Token': token },
  });
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.text());
  saveTextFile(await response.text(), downloadFileName(paste, paste.language));
  return true;
}
