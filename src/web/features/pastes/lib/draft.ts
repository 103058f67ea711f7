import type { Expiration, Privacy } from '../../../../common/constants';
import { isPasteLanguage, type PasteLanguage } from '../../../../common/languages';

/**
 * What someone typed on the create screen, kept in this tab's sessionStorage so that a reload,
 * Back or a visit to another page loses nothing. Never the password. Dropped once the paste is
 * created.
 */
export interface Draft {
  content: string;
  title: string;
  privacy: Privacy;
  /** null = the role's default. */
  expiration: Expiration | null;
  /** null = detected when shown. */
  language: PasteLanguage | null;
  /** The paste this draft forks, sent as `forkedFrom`; absent = a paste of its own. */
  forkedFrom?: ForkSource | null;
}

/** A fork's source as the create screen names it. */
export interface ForkSource {
  id: string;
  title: string | null;
}

function forkSourceOf(value: unknown): ForkSource | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, title } = value as Partial<ForkSource>;
  if (typeof id !== 'string' || !id) return null;
  return { id, title: typeof title === 'string' ? title : null };
}

const KEY = 'pasteshare:draft';
/** Larger drafts are not kept (sessionStorage holds about 5 MB per origin, in UTF-16). */
export const DRAFT_MAX_CHARS = 2_000_000;

export function loadDraft(): Draft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    if (typeof d.content !== 'string' || typeof d.title !== 'string') return null;
    return {
      content: d.content,
      title: d.title,
      privacy: d.privacy === 'unlisted' || d.privacy === 'password' ? d.privacy : 'public',
      expiration: typeof d.expiration === 'string' ? (d.expiration as Expiration) : null,
      language: isPasteLanguage(d.language) ? d.language : null,
      forkedFrom: forkSourceOf(d.forkedFrom),
    };
  } catch {
    return null;
  }
}

/** Keeps the draft; false when it could not be kept (too large, storage full or off). */
export function saveDraft(draft: Draft): boolean {
  try {
    if (!draft.content && !draft.title) {
      sessionStorage.removeItem(KEY);
      return true;
    }
    if (draft.content.length > DRAFT_MAX_CHARS) return false;
    sessionStorage.setItem(KEY, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function dropDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // storage off: nothing was kept
  }
}
