/**
 * Creator tokens of pastes made anonymously in this browser. Sent as X-Creator-Token when the
 * paste is read, so the creator's own view neither burns nor counts it.
 */
const PREFIX = 'pasteshare:creator-token:';

export function saveCreatorToken(pasteId: string, token: string): void {
  try {
    localStorage.setItem(PREFIX + pasteId, token);
  } catch {
    // Storage refused (private mode, quota): the creator's view then counts as anyone's.
  }
}

export function creatorToken(pasteId: string): string | null {
  try {
    return localStorage.getItem(PREFIX + pasteId);
  } catch {
    return null;
  }
}
