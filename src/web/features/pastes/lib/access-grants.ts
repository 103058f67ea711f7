/**
 * The access grant a password paste's verify returns, kept for this tab's session: reading the
 * paste again (a reload) sends it instead of asking for the password. The server signs it and
 * lets it run for an hour, renewed by every read; the password itself is never stored.
 */
const PREFIX = 'pasteshare:access:';

export function saveAccessGrant(pasteId: string, grant: string | undefined): void {
  try {
    if (grant) sessionStorage.setItem(PREFIX + pasteId, grant);
    else sessionStorage.removeItem(PREFIX + pasteId);
  } catch {
    // Storage refused (private mode, quota): the next reload asks for the password again.
  }
}

export function accessGrant(pasteId: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + pasteId);
  } catch {
    return null;
  }
}

/** After a read sent with `sent`: a grant that ran out is dropped (the paste asks again), a renewed one kept. */
export function noteGrantAnswer(
  pasteId: string,
  sent: string | null,
  paste: { requiresPassword?: boolean; accessToken?: string },
): void {
  if (sent) saveAccessGrant(pasteId, paste.requiresPassword ? undefined : paste.accessToken);
}
