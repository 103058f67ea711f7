/** How much structure a JSON body may have. Our bodies are flat objects of a few fields. */
export interface JsonShapeLimits {
  /** Arrays and objects open at once. */
  maxDepth: number;
  /** Arrays and objects in the whole body. */
  maxContainers: number;
  /** Commas outside strings: array elements and object members beyond the first of each. */
  maxSeparators: number;
}

export const DEFAULT_JSON_SHAPE_LIMITS: JsonShapeLimits = {
  maxDepth: 16,
  maxContainers: 1_000,
  maxSeparators: 10_000,
};

export type JsonShapeViolation = 'too-deep' | 'too-many-values';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Counts the structure of a JSON text chunk by chunk as it arrives, before anything parses it:
 * a nesting bomb (`[[[[…` or millions of `{}`) is refused at the first chunk past a limit instead
 * of costing JSON.parse seconds of event loop and gigabytes of objects. It does not validate JSON
 * (JSON.parse does, later); it only needs to know what is inside a string. Strings are skipped with
 * Buffer#indexOf (native), so a 50 MB paste costs a few milliseconds here.
 */
export class JsonShapeGuard {
  private inString = false;
  /** The previous chunk ended on an escaping backslash inside a string. */
  private escapeNext = false;
  private depth = 0;
  private containers = 0;
  private separators = 0;

  constructor(private readonly limits: JsonShapeLimits = DEFAULT_JSON_SHAPE_LIMITS) {}

  /** Scans the next chunk; returns the first limit it breaks, or null. */
  push(chunk: Uint8Array): JsonShapeViolation | null {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    const n = buf.length;
    let i = 0;
    while (i < n) {
      if (this.inString) {
        if (this.escapeNext) {
          this.escapeNext = false;
          i++;
          continue;
        }
        const quote = buf.indexOf(QUOTE, i);
        if (quote === -1) {
          this.escapeNext = backslashRun(buf, n, i) % 2 === 1;
          return null;
        }
        // A quote after an odd run of backslashes is itself escaped.
        if (backslashRun(buf, quote, i) % 2 === 0) this.inString = false;
        i = quote + 1;
        continue;
      }
      const b = buf[i++];
      if (b === QUOTE) this.inString = true;
      else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        if (++this.depth > this.limits.maxDepth) return 'too-deep';
        if (++this.containers > this.limits.maxContainers) return 'too-many-values';
      } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) this.depth--;
      else if (b === COMMA && ++this.separators > this.limits.maxSeparators) return 'too-many-values';
    }
    return null;
  }
}

/** Backslashes immediately before `end`, not looking before `from`. */
function backslashRun(buf: Buffer, end: number, from: number): number {
  let k = end;
  while (k > from && buf[k - 1] === BACKSLASH) k--;
  return end - k;
}
