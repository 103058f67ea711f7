import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitLines } from '../components/view/paste-content';
import {
  describeParts,
  estimateBytes,
  measureEditorContent,
  megabytes,
  sizeLevel,
  sizeWarning,
  utf8Length,
} from './size-levels';

const MB = 1_048_576;
/** `n` lines of one character each. */
const linesOf = (n: number) => Array.from({ length: n }, () => 'x').join('\n');

describe('estimateBytes', () => {
  it('counts 2 bytes per character (spec §9)', () => {
    expect(estimateBytes('')).toBe(0);
    expect(estimateBytes('a')).toBe(2);
    expect(estimateBytes('hello\nworld')).toBe(22);
  });
});

describe('the editor counts lines as the view shows them', () => {
  it('counts no lines for empty text, and a final line break starts no line', () => {
    const lines = (text: string) => measureEditorContent(text).lines;
    expect(lines('')).toBe(0);
    expect(lines('a')).toBe(1);
    expect(lines('\n')).toBe(1);
    expect(lines('a\nb')).toBe(2);
    expect(lines('a\nb\n')).toBe(2);
    expect(lines('a\n\n')).toBe(2);
    expect(lines(linesOf(1_000))).toBe(1_000);
    expect(lines(`${linesOf(1_000)}\n`)).toBe(1_000);
  });

  it('agrees with the lines the view shows for any non-empty text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: fc.constantFrom('a', '\n', 'b', '\r') }), (text) => {
        expect(measureEditorContent(text).lines).toBe(splitLines(text).length);
      }),
    );
  });
});

describe('sizeLevel', () => {
  it('is normal at exactly 1,000 lines and large at 1,001', () => {
    expect(sizeLevel(1_000, 0)).toBe('normal');
    expect(sizeLevel(1_001, 0)).toBe('large');
  });

  it('is normal at exactly 0.5 MB and large one byte over', () => {
    expect(sizeLevel(1, 0.5 * MB)).toBe('normal');
    expect(sizeLevel(1, 0.5 * MB + 1)).toBe('large');
  });

  it('is large at exactly 10,000 lines and very large at 10,001', () => {
    expect(sizeLevel(10_000, 0)).toBe('large');
    expect(sizeLevel(10_001, 0)).toBe('very-large');
  });

  it('is large at exactly 2 MB and very large one byte over', () => {
    expect(sizeLevel(1, 2 * MB)).toBe('large');
    expect(sizeLevel(1, 2 * MB + 1)).toBe('very-large');
  });

  it('is very large at exactly 10 MB and extreme one byte over, whatever the line count', () => {
    expect(sizeLevel(1, 10 * MB)).toBe('very-large');
    expect(sizeLevel(1, 10 * MB + 1)).toBe('extreme');
    expect(sizeLevel(0, 10 * MB + 1)).toBe('extreme');
    expect(sizeLevel(5_000_000, 10 * MB + 1)).toBe('extreme');
  });

  it('never goes down as lines or bytes grow', () => {
    const rank = { normal: 0, large: 1, 'very-large': 2, extreme: 3 } as const;
    fc.assert(
      fc.property(
        fc.nat(50_000),
        fc.nat(20 * MB),
        fc.nat(50_000),
        fc.nat(20 * MB),
        (lines, bytes, moreLines, moreBytes) => {
          expect(rank[sizeLevel(lines + moreLines, bytes + moreBytes)]).toBeGreaterThanOrEqual(
            rank[sizeLevel(lines, bytes)],
          );
        },
      ),
    );
  });
});

describe('measureEditorContent', () => {
  it('measures empty text as normal with no lines', () => {
    expect(measureEditorContent('')).toEqual({ bytes: 0, utf8Bytes: 0, lines: 0, level: 'normal' });
  });

  it('uses the line count: 1,000 lines normal, 1,001 large', () => {
    expect(measureEditorContent(linesOf(1_000))).toMatchObject({
      bytes: 3_998,
      lines: 1_000,
      level: 'normal',
    });
    expect(measureEditorContent(linesOf(1_001))).toMatchObject({
      bytes: 4_002,
      lines: 1_001,
      level: 'large',
    });
  });

  it('uses the estimated size: 0.5 MB (262,144 characters) normal, one character more large', () => {
    expect(measureEditorContent('a'.repeat(262_144))).toEqual({
      bytes: 0.5 * MB,
      utf8Bytes: 262_144,
      lines: 1,
      level: 'normal',
    });
    expect(measureEditorContent('a'.repeat(262_145)).level).toBe('large');
  });

  it('is very large over 2 MB (1,048,576 characters)', () => {
    expect(measureEditorContent('a'.repeat(1_048_576)).level).toBe('large');
    expect(measureEditorContent('a'.repeat(1_048_577)).level).toBe('very-large');
  });

  it('is extreme over 10 MB and skips line counting there', () => {
    const atLimit = measureEditorContent('a'.repeat(5 * MB));
    expect(atLimit).toEqual({ bytes: 10 * MB, utf8Bytes: 5 * MB, lines: 1, level: 'very-large' });
    const over = measureEditorContent(`${'a\n'.repeat((5 * MB) / 2)}b`);
    expect(over).toEqual({ bytes: 10 * MB + 2, utf8Bytes: 5 * MB + 1, lines: null, level: 'extreme' });
  });
});

describe('megabytes', () => {
  it('gives megabytes with two decimals and no unit', () => {
    expect(megabytes(0)).toBe('0.00');
    expect(megabytes(1.25 * MB)).toBe('1.25');
    expect(megabytes(10 * MB)).toBe('10.00');
    expect(megabytes(MB / 3)).toBe('0.33');
  });
});

describe('utf8Length', () => {
  it('counts what TextEncoder would produce, without encoding', () => {
    for (const text of ['', 'abc', 'é', '€ 10', '😀 smile', 'mixed ✓ 中文 😀\n']) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});

describe('sizeWarning (spec §8 editor warnings)', () => {
  it('shows the real UTF-8 size, while the 2-bytes-per-character estimate decides the level', () => {
    // 6 MB of ASCII: an estimated 12 MB puts it in the extreme level; the warning says 6.00 MB.
    const size = measureEditorContent('a'.repeat(6 * MB));
    expect(size.level).toBe('extreme');
    expect(sizeWarning(size)).toBe('Large File Loaded: 6.00 MB (line counting skipped for performance)');
  });

  it('is null in the normal level', () => {
    expect(sizeWarning({ bytes: 100, utf8Bytes: 100, lines: 3, level: 'normal' })).toBeNull();
  });

  it('words the large warning with the line count and size', () => {
    expect(sizeWarning({ bytes: 1.5 * MB, utf8Bytes: 1.5 * MB, lines: 1_234, level: 'large' })).toBe(
      'Large paste detected (1,234 lines, 1.50 MB). This may take a moment to process.',
    );
  });

  it('words the very large warning', () => {
    expect(sizeWarning({ bytes: 3 * MB, utf8Bytes: 3 * MB, lines: 12_345, level: 'very-large' })).toBe(
      'Warning: Very large paste detected (12,345 lines, 3.00 MB). Browser may slow down. Consider using the "Upload File" button for better performance.',
    );
  });

  it('words the extreme warning without a line count', () => {
    expect(sizeWarning({ bytes: 12 * MB, utf8Bytes: 12 * MB, lines: null, level: 'extreme' })).toBe(
      'Large File Loaded: 12.00 MB (line counting skipped for performance)',
    );
  });

  it('warns for measured content one line over the threshold', () => {
    expect(sizeWarning(measureEditorContent(linesOf(1_001)))).toBe(
      'Large paste detected (1,001 lines, 0.00 MB). This may take a moment to process.',
    );
    expect(sizeWarning(measureEditorContent(linesOf(1_000)))).toBeNull();
  });
});

describe('describeParts (the large-file panel)', () => {
  it('names the parts a chunked upload sends, the last one by its own size', () => {
    expect(describeParts(60 * MB)).toBe('in 2 parts (one of 40 MB, one of 20.00 MB)');
    expect(describeParts(80 * MB)).toBe('in 2 parts of 40 MB');
    expect(describeParts(500 * MB)).toBe('in 13 parts (12 of 40 MB, one of 20.00 MB)');
    expect(describeParts(40 * MB)).toBe('in one part');
  });
});
