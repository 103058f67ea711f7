import { z } from 'zod';
import {
  PRIVACIES,
  SEARCH_MAX_OFFSET,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SNIPPET_MAX_LENGTH,
  TEAM_SLUG_MAX_LENGTH,
} from '../constants.js';
import { PASTE_LANGUAGES } from '../languages.js';
import { SEARCH_MESSAGES } from '../messages.js';
import { tagSchema } from './tags.js';
import { storedText } from './text.js';

/** A day (`2025-10-01`, the whole of it in UTC) or an ISO time. */
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const dateParam = z
  .string()
  .regex(DATE, SEARCH_MESSAGES.badDate)
  .refine((v) => !Number.isNaN(Date.parse(v)), SEARCH_MESSAGES.badDate);

/**
 * GET /api/search: words (`q`), filters, and the page (`next`, as the previous page gave it).
 * Words may be left out when a filter is given: then the newest pastes that match it.
 */
export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH, SEARCH_MESSAGES.queryTooLong).default(''),
  /** The author's username. */
  author: storedText(30).optional(),
  /** A team's slug: pastes shared with that team. */
  team: storedText(TEAM_SLUG_MAX_LENGTH).optional(),
  tag: tagSchema.optional(),
  /** The language its author chose (pastes left to detection have none). */
  language: z.enum(PASTE_LANGUAGES).optional(),
  privacy: z.enum(PRIVACIES).optional(),
  /** Made at or after (a day: from its start). */
  from: dateParam.optional(),
  /** Made before the end of (a day: its end), or before (a time). */
  to: dateParam.optional(),
  next: z
    .string()
    .regex(/^\d{1,5}$/, SEARCH_MESSAGES.badCursor)
    .refine((v) => Number(v) <= SEARCH_MAX_OFFSET, SEARCH_MESSAGES.tooDeep)
    .optional(),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** Part of a snippet that matched a word: UTF-16 offsets into `snippet`, end exclusive. */
const highlightSchema = z.strictObject({ start: z.number().int().min(0), end: z.number().int().min(1) });

export const searchResultSchema = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  language: z.enum(PASTE_LANGUAGES).nullable(),
  /** The author's username, or 'Anonymous'. */
  author: z.string(),
  createdAt: z.iso.datetime(),
  /** The first line of its text that matches (1-based); null when only its title matched. */
  line: z.number().int().min(1).nullable(),
  /**
   * Plain text of that line (at most SEARCH_SNIPPET_MAX_LENGTH characters around the match), never
   * HTML: show it as text, marking `highlights`.
   */
  snippet: z.string().max(SEARCH_SNIPPET_MAX_LENGTH + 2),
  highlights: z.array(highlightSchema),
  tags: z.array(z.string()).optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchAnswerSchema = z.strictObject({
  results: z.array(searchResultSchema),
  /** Give it back as `next` for the following page; absent on the last. */
  next: z.string().optional(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const SEARCH_RESPONSES = {
  'GET /api/search': { 200: searchAnswerSchema },
} as const;
