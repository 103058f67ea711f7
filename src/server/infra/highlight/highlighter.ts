import type { LanguageId } from '../../../common/languages.js';
import { createJobThread } from '../job-thread/job-thread.js';
import type { HighlightDone, HighlightJob } from './highlight-worker.js';

/** What highlighting gave: the language used and its HTML, or plain text (html null). */
export type Highlighted = Omit<HighlightDone, 'id'>;

export interface HighlighterOptions {
  /** A text not highlighted within this long is answered as plain text. */
  timeoutMs: number;
  /** Texts waiting beyond this many are answered as plain text at once. */
  maxQueued: number;
}

/**
 * Syntax highlighting on one worker thread (highlight-worker.ts), one text at a time, each within
 * `timeoutMs`: a text that takes longer is answered plain (highlight.js cannot be interrupted but
 * by ending its thread). The request thread never runs a grammar. A text's time is counted from
 * when the thread has loaded its grammars.
 */
export function createHighlighter({ timeoutMs, maxQueued }: HighlighterOptions) {
  const thread = createJobThread<Omit<HighlightJob, 'id'>, HighlightDone, Highlighted>({
    script: { from: import.meta.url, name: 'highlight-worker' },
    timeoutMs,
    maxQueued,
    waitsForReady: true,
    giveUp: (job) => ({ language: job.language, html: null }),
    answer: (done) => ({ language: done.language, html: done.html }),
  });
  return {
    highlight: (code: string, language: LanguageId | null): Promise<Highlighted> =>
      thread.run({ code, language }),
    close: thread.close,
  };
}

export type Highlighter = ReturnType<typeof createHighlighter>;
