import { describe, expect, it } from 'vitest';
import {
  LINE_MAX_CHARS,
  LINES_WINDOW_MAX,
  SEARCH_LIMIT_DEFAULT,
} from '../../../../common/schemas/paste-lines';
import { SEARCH_PAGE_LIMIT } from '../api/search-paste';
import { LINE_CUT_CHARS, LruCache, WINDOW_LINES, windowOf, windowStart, windowsFor } from './window-cache';

it("agrees with the server's limits", () => {
  expect(LINE_CUT_CHARS).toBe(LINE_MAX_CHARS);
  expect(SEARCH_PAGE_LIMIT).toBe(SEARCH_LIMIT_DEFAULT);
  expect(WINDOW_LINES).toBeLessThanOrEqual(LINES_WINDOW_MAX);
});

describe('windows of lines', () => {
  it('numbers windows from 0, lines from 1', () => {
    expect(windowOf(1)).toBe(0);
    expect(windowOf(WINDOW_LINES)).toBe(0);
    expect(windowOf(WINDOW_LINES + 1)).toBe(1);
    expect(windowStart(0)).toBe(1);
    expect(windowStart(3)).toBe(3 * WINDOW_LINES + 1);
    expect(windowOf(windowStart(7))).toBe(7);
  });

  it('lists the windows a range of lines spans', () => {
    expect(windowsFor(1, 30)).toEqual([0]);
    expect(windowsFor(190, 230)).toEqual([0, 1]);
    expect(windowsFor(WINDOW_LINES * 5 - 10, WINDOW_LINES * 7 + 1)).toEqual([4, 5, 6, 7]);
  });
});

describe('LruCache', () => {
  it('evicts the least recently used entry past its count, telling onEvict', () => {
    const evicted: number[] = [];
    const cache = new LruCache<number, string>(3, Number.POSITIVE_INFINITY, (key) => evicted.push(key));
    cache.set(1, 'a');
    cache.set(2, 'b');
    cache.set(3, 'c');
    expect(cache.get(1)).toBe('a');
    cache.set(4, 'd');
    expect(evicted).toEqual([2]);
    expect(cache.keys()).toEqual([3, 1, 4]);
    expect(cache.peek(3)).toBe('c');
    cache.set(5, 'e');
    // peek did not make 3 recent.
    expect(evicted).toEqual([2, 3]);
    expect(cache.size).toBe(3);
  });

  it('evicts past its weight, but keeps the newest entry even when it alone is too heavy', () => {
    const cache = new LruCache<string, number>(10, 100);
    cache.set('a', 1, 40);
    cache.set('b', 2, 40);
    cache.set('c', 3, 40);
    expect(cache.keys()).toEqual(['b', 'c']);
    expect(cache.weight).toBe(80);
    cache.set('huge', 4, 500);
    expect(cache.keys()).toEqual(['huge']);
    expect(cache.weight).toBe(500);
  });

  it('replaces an entry in place of its weight and removes without telling', () => {
    const evicted: string[] = [];
    const cache = new LruCache<string, number>(2, 100, (key) => evicted.push(key));
    cache.set('a', 1, 60);
    cache.set('a', 2, 10);
    expect(cache.weight).toBe(10);
    cache.remove('a');
    expect(cache.size).toBe(0);
    expect(cache.weight).toBe(0);
    expect(evicted).toEqual([]);
  });

  it('stays bounded through a long scroll', () => {
    const cache = new LruCache<number, number>(50, 1_000_000);
    for (let w = 0; w < 10_000; w += 1) {
      cache.get(w) ?? cache.set(w, w, 5_000);
      expect(cache.size).toBeLessThanOrEqual(50);
    }
    expect(cache.weight).toBeLessThanOrEqual(1_000_000);
  });
});
