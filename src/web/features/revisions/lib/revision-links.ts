import { accessGrant } from '../../pastes';

/** `?access=` with this tab's grant for a password paste it unlocked (the owner needs none). */
export function grantQuery(pasteId: string): string {
  const grant = accessGrant(pasteId);
  return grant ? `?access=${encodeURIComponent(grant)}` : '';
}

const base = (pasteId: string, n: number) => `/api/pastes/${encodeURIComponent(pasteId)}/revisions/${n}`;

/** The raw text of one revision (issue 23). */
export function revisionRawUrl(pasteId: string, n: number): string {
  return `${base(pasteId, n)}/raw${grantQuery(pasteId)}`;
}

/** One revision as a file (the server names it). */
export function revisionDownloadUrl(pasteId: string, n: number): string {
  return `${base(pasteId, n)}/download${grantQuery(pasteId)}`;
}
