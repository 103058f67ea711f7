import { z } from 'zod';

/**
 * Reading a paste by lines: windows of lines by
 * number and a search through the text, so a 1 GB paste is read without fetching it whole.
 */

/** Lines one window request may ask for, and the default. */
export const LINES_WINDOW_MAX = 1_000;
export const LINES_WINDOW_DEFAULT = 200;
/** A line longer than this many characters (UTF-16 code units) is cut and listed in truncatedLines. */
export const LINE_MAX_CHARS = 10_000;
/** Matches one search request may ask for, and the default. */
export const SEARCH_LIMIT_MAX = 1_000;
export const SEARCH_LIMIT_DEFAULT = 100;
/** Characters of a search query. */
export const SEARCH_QUERY_MAX = 200;
/** A match's text: the whole line, or for a longer line an excerpt of this many characters around the match. */
export const SEARCH_TEXT_MAX_CHARS = 500;

export const PASTE_LINES_MESSAGES = {
  from: 'from must be a whole number of at least 1 (the first line is 1)',
  count: `count must be a whole number from 1 to ${LINES_WINDOW_MAX}`,
  limit: `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`,
  query: `q must be 1 to ${SEARCH_QUERY_MAX} characters`,
  queryOneLine: 'q must not contain a line break: each line is searched on its own',
  burn: 'A burn-after-reading paste is read whole, once: download it instead of reading it by lines',
  noLineTable:
    'This encrypted paste has no line table: its creator sent none, so count its lines from the download',
  lineTableOfPlain: 'Only an encrypted paste has a sealed line table: read a plain one with /lines',
} as const;

/** Query strings carry text: a number is parsed strictly (no "1e3", no "0x10", no blanks). */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,16}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));

const fromParam = wholeNumber(PASTE_LINES_MESSAGES.from, 1, Number.MAX_SAFE_INTEGER).default(1);
const accessParam = z.string().max(500).optional();

export const pasteLinesQuerySchema = z.object({
  from: fromParam,
  count: wholeNumber(PASTE_LINES_MESSAGES.count, 1, LINES_WINDOW_MAX).default(LINES_WINDOW_DEFAULT),
  /** The grant a password paste's verify gave (as for raw and download). */
  access: accessParam,
});

/** GET /api/pastes/:id/line-table: only the grant of a password paste. */
export const pasteLineTableQuerySchema = z.object({ access: accessParam });

export const pasteSearchQuerySchema = z.object({
  q: z
    .string({ error: PASTE_LINES_MESSAGES.query })
    .min(1, { error: PASTE_LINES_MESSAGES.query })
    .max(SEARCH_QUERY_MAX, { error: PASTE_LINES_MESSAGES.query })
    .refine((q) => !q.includes('\n'), { error: PASTE_LINES_MESSAGES.queryOneLine }),
  from: fromParam,
  limit: wholeNumber(PASTE_LINES_MESSAGES.limit, 1, SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  access: accessParam,
});

/** GET /api/pastes/:id/lines: lines from..from+lines.length-1 (fewer than asked at the end, or past a byte budget). */
export const pasteLinesSchema = z.strictObject({
  from: z.number().int().min(1),
  /** Without their line ends (LF, or CRLF); a lone CR inside a line is kept. */
  lines: z.array(z.string()),
  /** Line numbers among `lines` cut at LINE_MAX_CHARS characters (absent when none was). */
  truncatedLines: z.array(z.number().int().min(1)).optional(),
  totalLines: z.number().int().min(1),
  sizeBytes: z.number().int().min(0),
});

/** GET /api/pastes/:id/search: matching lines from `from` on, in order, one entry per line. */
export const pasteSearchSchema = z.strictObject({
  matches: z.array(z.strictObject({ line: z.number().int().min(1), text: z.string() })),
  /** The search stopped (limit or time cap) before the end: continue from nextFrom. */
  truncated: z.boolean(),
  nextFrom: z.number().int().min(1).nullable(),
  /** Bytes of the text searched by this request. */
  scannedBytes: z.number().int().min(0),
});

export type PasteLinesQuery = z.infer<typeof pasteLinesQuerySchema>;
export type PasteSearchQuery = z.infer<typeof pasteSearchQuerySchema>;
export type PasteLines = z.infer<typeof pasteLinesSchema>;
export type PasteSearchResult = z.infer<typeof pasteSearchSchema>;
