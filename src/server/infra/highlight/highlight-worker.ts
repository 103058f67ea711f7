/**
 * The highlighter's thread (highlighter.ts): highlight.js over a paste's text, away from the
 * thread that answers requests. Some grammars take time quadratic in the text (seconds for a few
 * KB of one repeated letter), so the server never runs them where a request would wait on them.
 */
import { parentPort } from 'node:worker_threads';
import type { LanguageId } from '../../../common/languages.js';
import { detectLanguage } from '../../../common/render/detect-language.js';
import { hljs } from '../../../common/render/hljs.js';

export interface HighlightJob {
  id: number;
  code: string;
  /** null: detected from the text's first lines, as the paste page detects it. */
  language: LanguageId | null;
}

export interface HighlightDone {
  id: number;
  language: LanguageId | null;
  /** highlight.js HTML (escaped text and its own spans), or null for plain text. */
  html: string | null;
}

// Loaded (the grammars with it): texts sent from now on are timed from when they are sent.
parentPort?.postMessage('ready');
parentPort?.on('message', (job: HighlightJob) => {
  const language = job.language ?? detectLanguage(job.code);
  const html = language ? hljs.highlight(job.code, { language, ignoreIllegals: true }).value : null;
  parentPort!.postMessage({ id: job.id, language, html } satisfies HighlightDone);
});
