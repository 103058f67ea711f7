import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonShapeGuard, type JsonShapeLimits } from './json-shape-guard.js';

const SMALL: JsonShapeLimits = { maxDepth: 4, maxContainers: 6, maxSeparators: 8 };

/** The obvious character-by-character reading of the same rules, over the whole text at once. */
function reference(text: string, limits: JsonShapeLimits) {
  let inString = false;
  let depth = 0;
  let containers = 0;
  let separators = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > limits.maxDepth) return 'too-deep';
      if (++containers > limits.maxContainers) return 'too-many-values';
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && ++separators > limits.maxSeparators) return 'too-many-values';
  }
  return null;
}

function scanInChunks(bytes: Buffer, cuts: number[], limits: JsonShapeLimits) {
  const guard = new JsonShapeGuard(limits);
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    const violation = guard.push(bytes.subarray(from, cut));
    if (violation) return violation;
    from = cut;
  }
  return guard.push(bytes.subarray(from));
}

/** JSON texts with strings full of backslashes and quotes, the part chunking can get wrong. */
const tricky = fc.string({ unit: fc.constantFrom('\\', '"', '[', ']', '{', ',', 'a', 'é') });
const json = fc.oneof(
  fc.json({ maxDepth: 6 }),
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  fc.array(tricky, { maxLength: 8 }).map((a) => JSON.stringify(a)),
);

describe('JsonShapeGuard', () => {
  it('agrees with a whole-text reading however the body is cut into chunks', () => {
    fc.assert(
      fc.property(json, fc.array(fc.nat(), { maxLength: 10 }), (text, cuts) => {
        const bytes = Buffer.from(text, 'utf8');
        expect(scanInChunks(bytes, cuts, SMALL)).toBe(reference(text, SMALL));
      }),
      { numRuns: 2_000 },
    );
  });

  it('stops a nesting bomb at the first chunk past the limit', () => {
    const guard = new JsonShapeGuard();
    expect(guard.push(Buffer.from('{"content":"x","x":'))).toBeNull();
    expect(guard.push(Buffer.from('['.repeat(64 * 1024)))).toBe('too-deep');
    const flat = new JsonShapeGuard();
    expect(flat.push(Buffer.from(`[${'{},'.repeat(20_000)}`))).toBe('too-many-values');
  });

  it('does not count brackets, commas or escaped quotes inside strings', () => {
    const guard = new JsonShapeGuard(SMALL);
    expect(guard.push(Buffer.from(JSON.stringify({ content: '[[[[[[,,,,,,,,,,\\"{{{{{{{{' })))).toBeNull();
  });
});
