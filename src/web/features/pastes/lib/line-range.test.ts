import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLineHash, inRange, type LineRange, parseLineHash, selectLine } from './line-range';

const lineNumber = fc.integer({ min: 1, max: 999_999_999 });
const range = fc
  .tuple(lineNumber, lineNumber)
  .map(([a, b]): LineRange => ({ start: Math.min(a, b), end: Math.max(a, b) }));

describe('parseLineHash', () => {
  it('reads one line', () => {
    expect(parseLineHash('#L12')).toEqual({ start: 12, end: 12 });
    expect(parseLineHash('#L1')).toEqual({ start: 1, end: 1 });
  });

  it('reads a range, with or without the second L, in either order', () => {
    expect(parseLineHash('#L12-L20')).toEqual({ start: 12, end: 20 });
    expect(parseLineHash('#L12-20')).toEqual({ start: 12, end: 20 });
    expect(parseLineHash('#L20-L12')).toEqual({ start: 12, end: 20 });
    expect(parseLineHash('#L7-L7')).toEqual({ start: 7, end: 7 });
  });

  it('accepts up to nine digits and refuses ten', () => {
    expect(parseLineHash('#L999999999')).toEqual({ start: 999_999_999, end: 999_999_999 });
    expect(parseLineHash('#L1000000000')).toBeNull();
  });

  it.each([
    '',
    '#',
    '#L',
    'L12',
    '#l12',
    '#L0',
    '#L0-L5',
    '#L5-L0',
    '#L12-',
    '#L12-L',
    '#L12-L20x',
    '#L-3',
    '#L1.5',
    '#L 12',
    '#line12',
  ])('refuses %j', (hash) => {
    expect(parseLineHash(hash)).toBeNull();
  });
});

describe('formatLineHash', () => {
  it('writes one line or a range', () => {
    expect(formatLineHash({ start: 12, end: 12 })).toBe('#L12');
    expect(formatLineHash({ start: 12, end: 20 })).toBe('#L12-L20');
  });

  it('round-trips through parseLineHash for every ordered range', () => {
    fc.assert(
      fc.property(range, (r) => {
        expect(parseLineHash(formatLineHash(r))).toEqual(r);
      }),
    );
  });

  it('gives the canonical hash for any parsed range', () => {
    fc.assert(
      fc.property(lineNumber, lineNumber, fc.boolean(), (a, b, secondL) => {
        const parsed = parseLineHash(`#L${a}-${secondL ? 'L' : ''}${b}`);
        const start = Math.min(a, b);
        const end = Math.max(a, b);
        expect(parsed).toEqual({ start, end });
        expect(formatLineHash(parsed!)).toBe(start === end ? `#L${start}` : `#L${start}-L${end}`);
      }),
    );
  });
});

describe('selectLine', () => {
  it('selects one line on a plain click', () => {
    expect(selectLine(null, 5, false)).toEqual({ start: 5, end: 5 });
    expect(selectLine({ start: 3, end: 7 }, 5, false)).toEqual({ start: 5, end: 5 });
  });

  it('selects one line on a shift-click with nothing selected', () => {
    expect(selectLine(null, 5, true)).toEqual({ start: 5, end: 5 });
  });

  it("extends from the current range's first line on a shift-click", () => {
    expect(selectLine({ start: 3, end: 7 }, 10, true)).toEqual({ start: 3, end: 10 });
    expect(selectLine({ start: 3, end: 7 }, 5, true)).toEqual({ start: 3, end: 5 });
    expect(selectLine({ start: 3, end: 7 }, 1, true)).toEqual({ start: 1, end: 3 });
    expect(selectLine({ start: 3, end: 7 }, 3, true)).toEqual({ start: 3, end: 3 });
  });

  it('always yields an ordered range that contains the clicked line', () => {
    fc.assert(
      fc.property(fc.option(range, { nil: null }), lineNumber, fc.boolean(), (current, line, extend) => {
        const next = selectLine(current, line, extend);
        expect(next.start).toBeLessThanOrEqual(next.end);
        expect(inRange(next, line)).toBe(true);
      }),
    );
  });
});

describe('inRange', () => {
  it('is false with no range', () => {
    expect(inRange(null, 1)).toBe(false);
  });

  it('includes both ends and nothing outside', () => {
    const r = { start: 3, end: 7 };
    expect(inRange(r, 2)).toBe(false);
    expect(inRange(r, 3)).toBe(true);
    expect(inRange(r, 5)).toBe(true);
    expect(inRange(r, 7)).toBe(true);
    expect(inRange(r, 8)).toBe(false);
  });
});
