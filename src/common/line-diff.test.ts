import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countLines } from './line-count';
import { type DiffLine, diffLinesOf, lineStats } from './line-diff';

const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
const side = (diff: DiffLine[], kind: 'old' | 'new') =>
  diff
    .filter((l) => l.kind === 'same' || l.kind === (kind === 'old' ? 'removed' : 'added'))
    .map((l) => l.text);

describe('line diffs', () => {
  it('counts lines as an editor shows them', () => {
    expect([
      countLines(''),
      countLines('a'),
      countLines('a\n'),
      countLines('a\nb'),
      countLines('\n\n'),
    ]).toEqual([0, 1, 1, 2, 2]);
  });

  it('marks a changed line as removed then added, numbered on its own side', () => {
    expect(diffLinesOf('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'b', oldLine: 2, newLine: null },
      { kind: 'added', text: 'B', oldLine: null, newLine: 2 },
      { kind: 'same', text: 'c', oldLine: 3, newLine: 3 },
      { kind: 'added', text: 'd', oldLine: null, newLine: 4 },
    ]);
    expect(lineStats('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual({ added: 2, removed: 1 });
  });

  it('does not count a missing final newline as a changed line', () => {
    expect(lineStats('a\nb', 'a\nb\n')).toEqual({ added: 0, removed: 0 });
    expect(diffLinesOf('a\nb', 'a\nc')?.filter((l) => l.kind !== 'same')).toHaveLength(2);
  });

  it('rebuilds both sides exactly, with consecutive numbers, for any texts', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', '', 'd d', 'é'), { maxLength: 30 })
      .map((ls) => ls.join('\n'));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const diff = diffLinesOf(a, b)!;
        expect(side(diff, 'old')).toEqual(lines(a));
        expect(side(diff, 'new')).toEqual(lines(b));
        const olds = diff.flatMap((l) => (l.oldLine === null ? [] : [l.oldLine]));
        expect(olds).toEqual(olds.map((_, i) => i + 1));
        const stats = lineStats(a, b);
        expect(stats.added).toBe(diff.filter((l) => l.kind === 'added').length);
        expect(stats.removed).toBe(diff.filter((l) => l.kind === 'removed').length);
      }),
    );
  });

  it('answers null for a rewrite past the budget, and still counts it', () => {
    const a = Array.from({ length: 200_000 }, (_, i) => `old line ${i}`).join('\n');
    const b = Array.from({ length: 200_000 }, (_, i) => `new line ${i}`).join('\n');
    expect(diffLinesOf(a, b)).toBeNull();
    expect(lineStats(a, b)).toEqual({ added: 200_000, removed: 200_000 });
  });

  it('diffs one changed line in a long text by its own lines only', () => {
    const base = Array.from({ length: 100_000 }, (_, i) => `line ${i}`);
    const changed = base.with(50_000, 'changed');
    const diff = diffLinesOf(base.join('\n'), changed.join('\n'))!;
    expect(diff.filter((l) => l.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'line 50000', oldLine: 50_001, newLine: null },
      { kind: 'added', text: 'changed', oldLine: null, newLine: 50_001 },
    ]);
  });
});
