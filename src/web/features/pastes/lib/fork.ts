import { TITLE_MAX_LENGTH } from '../../../../common/constants';
import type { PasteView } from '../../../../common/schemas/paste';
import { pasteTitle } from '../../../lib/paste-title';
import type { Draft } from './draft';

/**
 * The router state the Fork button sends to the create screen: only the source's id. Its text is
 * taken from the query cache the paste screen filled, so a paste of megabytes never goes through
 * history.state (which browsers cap).
 */
export interface ForkState {
  forkOf: string;
}

export function forkOfState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { forkOf } = state as Partial<ForkState>;
  return typeof forkOf === 'string' && forkOf ? forkOf : null;
}

/** "Fork of {title}", an untitled source named as the screen names it ("Paste #id"); at most 80. */
export const forkTitle = (source: Pick<PasteView, 'id' | 'title'>): string =>
  `Fork of ${pasteTitle(source)}`.slice(0, TITLE_MAX_LENGTH);

/**
 * The create screen's start for a fork of `source`: its text, "Fork of …", its language and its
 * privacy (a fork of an unlisted paste is not made public unless its maker chooses so).
 */
export function forkDraft(source: PasteView & { content: string }): Draft {
  return {
    content: source.content,
    title: forkTitle(source),
    privacy: source.privacy,
    expiration: null,
    language: source.language,
    forkedFrom: { id: source.id, title: source.title },
  };
}
