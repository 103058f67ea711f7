/**
 * The huge-paste viewer's memory: windows of WINDOW_LINES lines, fetched as they come into view and
 * kept in a least-recently-used cache bounded twice — by count (MAX_WINDOWS) and by characters
 * (MAX_CHARS: windows of lines cut at 10,000 characters are 100 times heavier than a log's) — so
 * the tab's heap stays flat however far the reader scrolls.
 */

export const WINDOW_LINES = 200;
/**
 * What the server keeps of a line too long to send whole: its LINE_MAX_CHARS, written here so the
 * viewer's chunk does not load zod for a number (a unit test keeps the two equal).
 */
export const LINE_CUT_CHARS = 10_000;
export const MAX_WINDOWS = 50;
/** About 32 MB of UTF-16 strings at most. */
export const MAX_CHARS = 16_000_000;

/** The window (0-based) holding a line (1-based). */
export function windowOf(line: number): number {
  return Math.floor((Math.max(1, line) - 1) / WINDOW_LINES);
}

/** The first line (1-based) of a window. */
export function windowStart(window: number): number {
  return window * WINDOW_LINES + 1;
}

/** The windows lines first..last (1-based, inclusive) fall in, in order. */
export function windowsFor(first: number, last: number): number[] {
  const result: number[] = [];
  for (let w = windowOf(first); w <= windowOf(Math.max(first, last)); w += 1) result.push(w);
  return result;
}

/**
 * A Map kept in use order (oldest first). `weight` says what an entry costs; past `maxEntries` or
 * `maxWeight` the least recently used entries go, with `onEvict` told (to abort their fetch). The
 * newest entry always stays, even alone over the weight.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  /** The value, marked as just used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value, leaving the use order alone. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V, weight = 0): void {
    this.remove(key);
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    this.evict();
  }

  /** Removes without telling onEvict (the caller knows). */
  remove(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  keys(): K[] {
    return [...this.entries.keys()];
  }

  clear(): void {
    for (const [key, entry] of this.entries) this.onEvict?.(key, entry.value);
    this.entries.clear();
    this.totalWeight = 0;
  }

  private evict(): void {
    while (
      this.entries.size > 1 &&
      (this.entries.size > this.maxEntries || this.totalWeight > this.maxWeight)
    ) {
      const [key, entry] = this.entries.entries().next().value as [K, { value: V; weight: number }];
      this.entries.delete(key);
      this.totalWeight -= entry.weight;
      this.onEvict?.(key, entry.value);
    }
  }
}
