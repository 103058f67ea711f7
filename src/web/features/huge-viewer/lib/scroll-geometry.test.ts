import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anchorAt,
  type Geometry,
  isScaled,
  LINE_HEIGHT_PX,
  MAX_SCROLL_HEIGHT_PX,
  maxVirtualTop,
  scrollAnchorBy,
  scrollHeight,
  toScrollTop,
  toVirtualTop,
  virtualTopForLine,
  virtualTopOf,
} from './scroll-geometry';

const small: Geometry = { totalLines: 1_000, viewportHeight: 600 };
/** A 1 GB log: 16M lines of 64 bytes. */
const huge: Geometry = { totalLines: 16_000_000, viewportHeight: 600 };

describe('a paste whose lines fit the browser', () => {
  it('is not scaled: scrollTop and the virtual offset are the same', () => {
    expect(isScaled(small)).toBe(false);
    expect(scrollHeight(small)).toBe(999 * LINE_HEIGHT_PX + 600);
    expect(toVirtualTop(1234, small)).toBe(1234);
    expect(toScrollTop(1234, small)).toBe(1234);
  });

  it('puts line n at (n-1) line heights and lets the last line reach the top', () => {
    expect(anchorAt(0, small)).toEqual({ index: 0, fraction: 0 });
    expect(anchorAt(50, small)).toEqual({ index: 2, fraction: 0.5 });
    expect(virtualTopForLine(1_000, small, 'top')).toBe(maxVirtualTop(small));
    expect(anchorAt(maxVirtualTop(small), small).index).toBe(999);
    expect(toVirtualTop(10 ** 9, small)).toBe(maxVirtualTop(small));
  });
});

describe('a paste taller than the browser allows', () => {
  it('is scaled into MAX_SCROLL_HEIGHT_PX, first and last line at the ends', () => {
    expect(isScaled(huge)).toBe(true);
    expect(scrollHeight(huge)).toBe(MAX_SCROLL_HEIGHT_PX);
    expect(anchorAt(toVirtualTop(0, huge), huge).index).toBe(0);
    const bottom = MAX_SCROLL_HEIGHT_PX - 600;
    expect(anchorAt(toVirtualTop(bottom, huge), huge)).toEqual({ index: 15_999_999, fraction: 0 });
    // Half-way down the scrollbar is half-way through the lines.
    expect(anchorAt(toVirtualTop(bottom / 2, huge), huge).index).toBe(7_999_999);
  });

  it('maps a line to a scrollTop and back to the same line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: huge.totalLines }), (line) => {
        const top = virtualTopForLine(line, huge, 'top');
        const scrollTop = toScrollTop(top, huge);
        expect(scrollTop).toBeGreaterThanOrEqual(0);
        expect(scrollTop).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT_PX - 600);
        const back = toVirtualTop(scrollTop, huge);
        expect(Math.abs(back - top)).toBeLessThan(1e-3);
        expect(anchorAt(back + 1e-3, huge).index).toBe(line - 1);
      }),
    );
  });

  it('keeps scrollTop ↔ offset monotonic and within bounds', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e3, max: 2e7, noNaN: true }),
        fc.double({ min: -1e3, max: 2e7, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const vLo = toVirtualTop(lo, huge);
          const vHi = toVirtualTop(hi, huge);
          expect(vLo).toBeLessThanOrEqual(vHi);
          expect(vLo).toBeGreaterThanOrEqual(0);
          expect(vHi).toBeLessThanOrEqual(maxVirtualTop(huge));
        },
      ),
    );
  });
});

describe('virtualTopForLine', () => {
  it('centres a line, clamps out-of-range lines to the first and the last', () => {
    expect(virtualTopForLine(500, small)).toBe(499 * 20 - 290);
    expect(virtualTopForLine(1, small)).toBe(0);
    expect(virtualTopForLine(0, small)).toBe(0);
    expect(virtualTopForLine(10 ** 9, small, 'top')).toBe(999 * 20);
  });

  it('round-trips through the anchor', () => {
    const top = virtualTopForLine(123_456, huge, 'top');
    expect(virtualTopOf(anchorAt(top, huge), huge)).toBe(top);
  });
});

describe('scrollAnchorBy', () => {
  const even = () => LINE_HEIGHT_PX;

  it('moves by line heights when every line is one row', () => {
    expect(scrollAnchorBy({ index: 0, fraction: 0 }, 50, even, 100)).toEqual({ index: 2, fraction: 0.5 });
    expect(scrollAnchorBy({ index: 2, fraction: 0.5 }, -50, even, 100)).toEqual({ index: 0, fraction: 0 });
  });

  it('reads through a tall wrapped line pixel by pixel', () => {
    const heights = (i: number) => (i === 1 ? 400 : 20);
    const inside = scrollAnchorBy({ index: 1, fraction: 0 }, 100, heights, 10);
    expect(inside).toEqual({ index: 1, fraction: 0.25 });
    expect(scrollAnchorBy(inside, 300, heights, 10)).toEqual({ index: 2, fraction: 0 });
    expect(scrollAnchorBy({ index: 2, fraction: 0 }, -100, heights, 10)).toEqual({
      index: 1,
      fraction: 0.75,
    });
  });

  it('stops at the first and the last line', () => {
    expect(scrollAnchorBy({ index: 1, fraction: 0 }, -1_000, even, 10)).toEqual({ index: 0, fraction: 0 });
    expect(scrollAnchorBy({ index: 8, fraction: 0 }, 1_000, even, 10)).toEqual({ index: 9, fraction: 0 });
  });

  it('moves the same distance back as forth through lines of any height', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 20, max: 2_000 }), { minLength: 30, maxLength: 30 }),
        fc.integer({ min: 0, max: 500 }),
        (heights, delta) => {
          const start = { index: 10, fraction: 0 };
          const there = scrollAnchorBy(start, delta, (i) => heights[i] ?? 20, 30);
          if (there.index === 29) return;
          const back = scrollAnchorBy(there, -delta, (i) => heights[i] ?? 20, 30);
          expect(back.index + back.fraction).toBeCloseTo(10, 6);
        },
      ),
    );
  });
});
