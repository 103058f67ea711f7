import { useEffect, useState } from 'react';
import type { TokenLine } from '../lib/highlight';
import { HIGHLIGHT_MAX_CHARS, type LanguageChoice, type LanguageId } from '../lib/languages';

interface HighlightState {
  /** Token lines of `code`, or null while loading or when highlighting is off. */
  lines: TokenLine[] | null;
  /** The language used: the choice, or the detected one for 'auto' (null = plain text). */
  language: LanguageId | null;
}

const PLAIN: HighlightState = { lines: null, language: null };

/** Whether a text is small enough to be highlighted (spec §9 sizes stay fast as plain text). */
export function canHighlight(code: string): boolean {
  return code.length <= HIGHLIGHT_MAX_CHARS;
}

/** Highlights `code` off the first render: the plain text shows at once, colours follow. */
export function useHighlight(code: string, choice: LanguageChoice): HighlightState {
  const [state, setState] = useState<HighlightState & { code: string; choice: LanguageChoice | null }>({
    ...PLAIN,
    code: '',
    choice: null,
  });
  const enabled = choice !== 'plaintext' && canHighlight(code);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void import('../lib/highlight').then(({ detectLanguage, highlightLines }) => {
      if (cancelled) return;
      const language = choice === 'auto' ? detectLanguage(code) : (choice as LanguageId);
      const lines = language ? highlightLines(code, language) : null;
      if (!cancelled) setState({ lines, language, code, choice });
    });
    return () => {
      cancelled = true;
    };
  }, [code, choice, enabled]);

  return enabled && state.code === code && state.choice === choice ? state : PLAIN;
}
