import { setImmediate as nextTurn } from 'node:timers/promises';
import { RE2 } from 're2-wasm';
import { SAFETY_MESSAGES } from '../../../common/messages.js';
import { badRequest } from '../../errors.js';
import { textPieces } from './text-pieces.js';

/**
 * Admin-written patterns run in RE2 (Google's re2-wasm): time linear in the text whatever the
 * pattern, no backreferences or lookaround, never the JavaScript engine, which backtracks.
 *
 * re2-wasm's heap is fixed at 16 MB and an allocation past it aborts the module for the life of
 * the process. So one compiled pattern lives at a time (runs are queued), each run reads pieces
 * of PATTERN_PIECE_CHARS (at most ~200 KB of UTF-8 copied in), and the pattern is freed as soon
 * as its run ends; measured: 200 patterns over 10 MB this way never came near the limit, while
 * 50 patterns kept compiled at once exhausted it. See docs/decisions.md.
 */
const PATTERN_PIECE_CHARS = 64 * 1024;

function compile(source: string): RE2 {
  try {
    return new RE2(source, 'u');
  } catch (e) {
    throw badRequest(SAFETY_MESSAGES.patternInvalid(e instanceof Error ? e.message : String(e)));
  }
}

/** The embind object behind re2-wasm's class is freed only by hand (the class offers no method). */
const free = (re: RE2) => (re as unknown as { wrapper?: { delete(): void } }).wrapper?.delete();

/** Refuses (400, with RE2's reason) a pattern RE2 does not compile. */
export function checkPattern(source: string): void {
  free(compile(source));
}

let queue: Promise<unknown> = Promise.resolve();

/** Whether `source` matches somewhere in `text` (a match across two pieces is not seen). */
export function patternMatches(source: string, text: string): Promise<boolean> {
  const run = queue.then(async () => {
    const re = compile(source);
    try {
      for (const piece of textPieces(text, PATTERN_PIECE_CHARS)) {
        if (re.test(piece)) return true;
        await nextTurn();
      }
      return false;
    } finally {
      free(re);
    }
  });
  queue = run.catch(() => {});
  return run;
}
