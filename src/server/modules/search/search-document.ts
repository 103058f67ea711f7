import { setImmediate as nextTurn } from 'node:timers/promises';
import { SEARCH_INDEX_BYTES } from '../../../common/constants.js';

/**
 * How search splits text into words, for the index and for queries alike. The application splits
 * and lower-cases; both engines are handed the words as they are (PostgreSQL builds its tsvector
 * from them without its own parser, SQLite's FTS5 tokenizer is set to the same word characters),
 * so a query finds the same pastes on SQLite and PostgreSQL.
 *
 * A word is a run of letters, digits, combining marks, private-use characters and '_' (so
 * `get_user` and `user42` stay whole); everything else separates words.
 */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}_]+/gu;
const WORD_CHAR = /^[\p{L}\p{N}\p{M}\p{Co}_]/u;
const isLowSurrogate = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
};

/** Longer words (base64, minified blobs) are not indexed; a query word is cut to this length. */
export const WORD_MAX_LENGTH = 64;
/**
 * Bounds of one document's distinct text words: PostgreSQL refuses a tsvector over 1 MB, and a
 * log of unique ids would otherwise come close. The words kept are the first ones of the text.
 */
const DOCUMENT_MAX_WORDS = 40_000;
const DOCUMENT_MAX_WORD_BYTES = 512 * 1024;
/** Characters split per event-loop turn (a few milliseconds): a 1 MB text never holds the loop. */
const SLICE_CHARS = 64 * 1024;

/** The words one search document holds: its title's and (when indexed) its text's, each distinct. */
export interface SearchDocument {
  title: string[];
  body: string[];
}

export const EMPTY_DOCUMENT: SearchDocument = { title: [], body: [] };

/** The words of a short text (a title, a query), lower-cased, in order, repeats kept. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(WORD)) words.push(m[0].toLowerCase());
  return words;
}

/** The words a query looks for (distinct, each cut to WORD_MAX_LENGTH), in the order typed. */
export function queryWords(query: string): string[] {
  return [...new Set(wordsOf(query).map((w) => w.slice(0, WORD_MAX_LENGTH)))];
}

/** The first `maxBytes` of a text's UTF-8 (a character cut at the end becomes U+FFFD, a separator). */
export function firstBytes(text: string, maxBytes: number = SEARCH_INDEX_BYTES): string {
  if (text.length * 3 <= maxBytes) return text;
  const head = Buffer.from(text.slice(0, maxBytes), 'utf8');
  return head.length <= maxBytes ? text.slice(0, maxBytes) : head.subarray(0, maxBytes).toString('utf8');
}

/**
 * The search document of a paste: the words of its title, and of its text's first MB when `text`
 * is given (null: its text is not searchable, see isTextSearchable). Split a slice per turn.
 */
export async function searchDocument(title: string | null, text: string | null): Promise<SearchDocument> {
  const titleWords = [...new Set(wordsOf(title ?? '').filter((w) => w.length <= WORD_MAX_LENGTH))];
  if (text === null || text === '') return { title: titleWords, body: [] };
  const source = firstBytes(text);
  const body = new Set<string>();
  let bytes = 0;
  for (let start = 0; start < source.length; ) {
    let end = Math.min(start + SLICE_CHARS, source.length);
    // Cut between words: move the end to the next separator (never inside a surrogate pair).
    while (end < source.length && (isLowSurrogate(source, end) || WORD_CHAR.test(source.slice(end, end + 2))))
      end++;
    if (start > 0) await nextTurn();
    for (const m of source.slice(start, end).matchAll(WORD)) {
      const word = m[0].toLowerCase();
      if (word.length > WORD_MAX_LENGTH || body.has(word)) continue;
      body.add(word);
      bytes += Buffer.byteLength(word, 'utf8');
      if (body.size >= DOCUMENT_MAX_WORDS || bytes >= DOCUMENT_MAX_WORD_BYTES) {
        return { title: titleWords, body: [...body] };
      }
    }
    start = end;
  }
  return { title: titleWords, body: [...body] };
}

/**
 * The document as a PostgreSQL tsvector literal: title words at position 1 weight A (ranked
 * first), text words at position 2. Words hold no quote or backslash (see WORD).
 */
export function tsvectorLiteral(doc: SearchDocument): string {
  const inTitle = new Set(doc.title);
  const inBody = new Set(doc.body);
  const parts: string[] = [];
  for (const w of doc.title) parts.push(inBody.has(w) ? `'${w}':1A,2` : `'${w}':1A`);
  for (const w of doc.body) if (!inTitle.has(w)) parts.push(`'${w}':2`);
  return parts.join(' ');
}
