import { describe, expect, it } from 'vitest';
import { type DiffLine, diffLinesOf } from '../../../../common/line-diff';
import { diffStats, foldUnchanged, pairLines } from './diff-rows';

const numbered = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `line ${i + from}`);
const text = (lines: string[]) => `${lines.join('\n')}\n`;

function diff(a: string[], b: string[]): DiffLine[] {
  const lines = diffLinesOf(text(a), text(b));
  if (!lines) throw new Error('no diff');
  return lines;
}

describe('foldUnchanged', () => {
  it('keeps three lines of context around a change and folds the long runs before and after', () => {
    const a = numbered(40);
    const b = [...a];
    b[19] = 'changed';
    const blocks = foldUnchanged(diff(a, b));
    expect(blocks.map((block) => [block.kind, block.lines.length])).toEqual([
      ['folded', 16],
      ['shown', 8],
      ['folded', 17],
    ]);
    const shown = blocks[1]!.lines;
    expect(shown[0]).toMatchObject({ kind: 'same', oldLine: 17, newLine: 17 });
    expect(shown.filter((l) => l.kind !== 'same').map((l) => l.text)).toEqual(['line 20', 'changed']);
  });

  it('folds the unchanged run between two changes, leaving context on both sides', () => {
    const a = numbered(30);
    const b = [...a];
    b[1] = 'first';
    b[27] = 'second';
    const kinds = foldUnchanged(diff(a, b)).map((block) => block.kind);
    expect(kinds).toEqual(['shown', 'folded', 'shown']);
  });

  it('does not fold a run that would hide only a few lines', () => {
    const a = numbered(10);
    const b = [...a];
    b[0] = 'first';
    b[9] = 'last';
    expect(foldUnchanged(diff(a, b)).map((block) => block.kind)).toEqual(['shown']);
  });

  it('folds everything when nothing changed', () => {
    const a = numbered(10);
    expect(foldUnchanged(diff(a, a))).toEqual([{ kind: 'folded', lines: expect.any(Array) }]);
  });
});

describe('pairLines', () => {
  it('puts each removed line beside the added line that replaces it, and unchanged lines on both sides', () => {
    const rows = pairLines(diff(['a', 'b', 'c', 'd'], ['a', 'B', 'C', 'extra', 'd']));
    expect(rows.map((r) => [r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      ['c', 'C'],
      [null, 'extra'],
      ['d', 'd'],
    ]);
    expect(rows[1]).toMatchObject({ left: { oldLine: 2 }, right: { newLine: 2 } });
  });
});

describe('diffStats', () => {
  it('counts added and removed lines', () => {
    expect(diffStats(diff(['a', 'b'], ['a', 'c', 'd']))).toEqual({ added: 2, removed: 1 });
  });
});
