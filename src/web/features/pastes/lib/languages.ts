export { LANGUAGES, type LanguageId } from '../../../../common/languages';

import { LANGUAGES, type LanguageId, type PasteLanguage } from '../../../../common/languages';

/** 'auto' detects the language; 'plaintext' turns highlighting off. */
export type LanguageChoice = PasteLanguage | 'auto';

/** A choice from a URL (`?lang=`) or a stored paste, when it is one we know. */
export function parseChoice(value: string | null | undefined): LanguageChoice | null {
  if (value === 'auto' || value === 'plaintext') return value;
  return LANGUAGES.some((l) => l.id === value) ? (value as LanguageId) : null;
}

export function languageLabel(id: string | null): string {
  return LANGUAGES.find((l) => l.id === id)?.label ?? 'Plain text';
}

/**
 * Highlighting is done below this many characters only: above it the paste is shown as plain
 * text, which stays fast at any size.
 */
export const HIGHLIGHT_MAX_CHARS = 200_000;
