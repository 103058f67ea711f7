import { SEARCH_MAX_OFFSET, SEARCH_PAGE_SIZE, SEARCH_TERMS_MAX } from '../../../common/constants.js';
import { SEARCH_MESSAGES } from '../../../common/messages.js';
import { isTextSearchable } from '../../../common/policies.js';
import type { SearchAnswer, SearchQuery, SearchResult } from '../../../common/schemas/search.js';
import type { Clock } from '../../clock.js';
import { iso } from '../../clock.js';
import type { Db } from '../../db/kysely.js';
import { badRequest } from '../../errors.js';
import { contentOf, type SearchFilters, type SearchRow, searchPastes, tagsOf } from './search.repository.js';
import { queryWords, wordsOf } from './search-document.js';
import type { SearchIndex } from './search-index.service.js';
import { matchingLine } from './snippets.js';

interface Deps {
  db: Db;
  clock: Clock;
  index: Pick<SearchIndex, 'textOf'>;
}

const DAY_MS = 86_400_000;
const isDay = (v: string) => v.length === 10;

/** `from`: a day from its start (UTC), or the time given. */
const startOf = (v: string) => Date.parse(isDay(v) ? `${v}T00:00:00Z` : v);
/** `to`: a day up to its end (UTC), or the time given. */
const endOf = (v: string) => (isDay(v) ? Date.parse(`${v}T00:00:00Z`) + DAY_MS : Date.parse(v));

export type SearchService = ReturnType<typeof createSearchService>;

/**
 * Full-text search (GET /api/search): the words and filters a reader asks for, answered from the
 * database's own engine (FTS5, or tsvector under GIN) with exactly the pastes the reader may find
 * (maySearchPaste), best first, each with the first line of its text that matches.
 */
export function createSearchService({ db, clock, index }: Deps) {
  /** A result's line and snippet: only from text search may read (never a title-only paste's). */
  async function located(row: SearchRow & { content: string | null }, words: readonly string[]) {
    const textSearchable = isTextSearchable({
      privacy: row.privacy,
      burnAfterReading: row.burn_after_reading === 1,
      encrypted: row.encryption !== null,
      status: row.status,
    });
    if (!textSearchable || words.length === 0) return { textSearchable, match: null };
    return { textSearchable, match: matchingLine(await index.textOf(row), words) };
  }

  return {
    async search(query: SearchQuery, readerId: number | null): Promise<SearchAnswer> {
      const words = queryWords(query.q);
      if (words.length > SEARCH_TERMS_MAX) throw badRequest(SEARCH_MESSAGES.tooManyTerms);
      const filters: SearchFilters = {
        authorKey: query.author?.toLowerCase(),
        team: query.team,
        tag: query.tag,
        language: query.language,
        privacy: query.privacy,
        from: query.from === undefined ? undefined : startOf(query.from),
        to: query.to === undefined ? undefined : endOf(query.to),
      };
      if (words.length === 0 && Object.values(filters).every((v) => v === undefined)) {
        throw badRequest(SEARCH_MESSAGES.queryRequired);
      }
      const offset = Number(query.next ?? 0);
      const rows = await searchPastes(db.kysely, db.dialect, {
        words,
        readerId,
        now: clock.now(),
        filters,
        offset,
        limit: SEARCH_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, SEARCH_PAGE_SIZE);
      const ids = page.map((r) => r.id);
      const [tags, texts] = await Promise.all([
        tagsOf(db.kysely, ids),
        words.length > 0 ? contentOf(db.kysely, ids) : new Map<string, string | null>(),
      ]);
      const results: SearchResult[] = [];
      for (const row of page) {
        const { textSearchable, match } = await located(
          { ...row, content: texts.get(row.id) ?? null },
          words,
        );
        // The index holds only the title of a paste whose text is not searchable; a title that
        // does not hold every word would mean it held more, so such a paste is never shown.
        if (!textSearchable && !titleHolds(row.title, words)) continue;
        results.push({
          id: row.id,
          title: row.title,
          language: row.language,
          author: row.username ?? 'Anonymous',
          createdAt: iso(row.created_at)!,
          line: match?.line ?? null,
          snippet: match?.snippet ?? '',
          highlights: match?.highlights ?? [],
          tags: tags.get(row.id),
        });
      }
      const nextOffset = offset + SEARCH_PAGE_SIZE;
      const more = rows.length > SEARCH_PAGE_SIZE && nextOffset < SEARCH_MAX_OFFSET;
      return more ? { results, next: String(nextOffset) } : { results };
    },
  };
}

/** Whether every word starts a word of the title. */
function titleHolds(title: string | null, words: readonly string[]): boolean {
  const titleWords = wordsOf(title ?? '');
  return words.every((w) => titleWords.some((t) => t.startsWith(w)));
}
