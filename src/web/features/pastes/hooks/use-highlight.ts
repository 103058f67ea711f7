import { startTransition, useEffect, useState } from 'react';
import type { Highlighted } from '../lib/highlight';
import { highlightOffThread } from '../lib/highlight-off-thread';
import { HIGHLIGHT_MAX_CHARS, type LanguageChoice } from '../lib/languages';

const PLAIN: Highlighted = { lines: null, language: null };

/** Whether a text is small enough to be highlighted (spec §9 sizes stay fast as plain text). */
export function canHighlight(code: string): boolean {
  return code.length <= HIGHLIGHT_MAX_CHARS;
}

/**
 * Highlights `code` in a worker: the plain text shows at once, colours follow, and the page
 * stays responsive however long the grammar takes. Token lines are null while loading or when
 * highlighting is off.
 */
export function useHighlight(code: string, choice: LanguageChoice): Highlighted {
  const [state, setState] = useState<Highlighted & { code: string; choice: LanguageChoice | null }>({
    ...PLAIN,
    code: '',
    choice: null,
  });
  const enabled = choice !== 'plaintext' && canHighlight(code);

  useEffect(() => {
    if (!enabled) return;
    const job = new AbortController();
    void highlightOffThread({ code, choice }, job.signal).then((result) => {
      // A transition: React renders thousands of coloured lines in slices the page can answer between.
      if (!job.signal.aborted) startTransition(() => setState({ ...(result ?? PLAIN), code, choice }));
    });
    return () => job.abort();
  }, [code, choice, enabled]);

  return enabled && state.code === code && state.choice === choice ? state : PLAIN;
}
