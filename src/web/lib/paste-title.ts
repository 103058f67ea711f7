import type { PasteView } from '../../common/schemas/paste';

/** What a paste is called on screen: its title, or its id when it has none. */
export function pasteTitle(paste: Pick<PasteView, 'id' | 'title'>): string {
  return paste.title?.trim() || `Paste #${paste.id}`;
}
