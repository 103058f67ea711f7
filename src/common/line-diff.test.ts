import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countLines } from './line-count';
import { type DiffLine, diffLinesOf, lineStats, sharedLineEnds } from './line-diff';

const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
/** A pause that is only counted: the work between two is what one event-loop turn would hold. */
function countingPause() {
  const pause = async () => {
    pause.calls += 1;
  };
  pause.calls = 0;
  return pause;
}
const noPause = async () => {};

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

  it('marks a changed line as removed then added, numbered on its own side', async () => {
    expect(diffLinesOf('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'b', oldLine: 2, newLine: null },
      { kind: 'added', text: 'B', oldLine: null, newLine: 2 },
      { kind: 'same', text: 'c', oldLine: 3, newLine: 3 },
      { kind: 'added', text: 'd', oldLine: null, newLine: 4 },
    ]);
    expect(await lineStats('a\nb\nc\n', 'a\nB\nc\nd\n', noPause)).toEqual({ added: 2, removed: 1 });
  });

  it('does not count a missing final newline as a changed line', async () => {
    expect(await lineStats('a\nb', 'a\nb\n', noPause)).toEqual({ added: 0, removed: 0 });
    expect(diffLinesOf('a\nb', 'a\nc')?.filter((l) => l.kind !== 'same')).toHaveLength(2);
  });

  it('rebuilds both sides exactly, with consecutive numbers, for any texts', async () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', '', 'd d', 'é'), { maxLength: 30 })
      .map((ls) => ls.join('\n'));
    await fc.assert(
      fc.asyncProperty(text, text, async (a, b) => {
        const diff = diffLinesOf(a, b)!;
        expect(side(diff, 'old')).toEqual(lines(a));
        expect(side(diff, 'new')).toEqual(lines(b));
        const olds = diff.flatMap((l) => (l.oldLine === null ? [] : [l.oldLine]));
        expect(olds).toEqual(olds.map((_, i) => i + 1));
        const stats = await lineStats(a, b, noPause);
        expect(stats.added).toBe(diff.filter((l) => l.kind === 'added').length);
        expect(stats.removed).toBe(diff.filter((l) => l.kind === 'removed').length);
      }),
    );
  });

  it('answers null for a rewrite past the budget, and still counts it', async () => {
    const a = Array.from({ length: 200_000 }, (_, i) => `old line ${i}`).join('\n');
    const b = Array.from({ length: 200_000 }, (_, i) => `new line ${i}`).join('\n');
    expect(diffLinesOf(a, b)).toBeNull();
    expect(await lineStats(a, b, noPause)).toEqual({ added: 200_000, removed: 200_000 });
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

  it('finds the shared lines at both ends as a character-by-character walk does', () => {
    // The walk lineStats used before it compared blocks of characters natively.
    const walk = (x: string, y: string) => {
      let start = 0;
      for (let i = 0; i < x.length && i < y.length && x.charCodeAt(i) === y.charCodeAt(i); i++) {
        if (x.charCodeAt(i) === 10) start = i + 1;
      }
      let tail = 0;
      const room = Math.min(x.length, y.length) - start;
      for (let i = 1; i <= room && x.charCodeAt(x.length - i) === y.charCodeAt(y.length - i); i++) {
        const xs = x.length - i;
        const ys = y.length - i;
        if ((xs === 0 || x.charCodeAt(xs - 1) === 10) && (ys === 0 || y.charCodeAt(ys - 1) === 10)) tail = i;
      }
      return { start, tail };
    };
    const line = fc.constantFrom('a', 'b', '', 'ab', 'a\r', 'é', 'x'.repeat(70_000));
    const text = fc.array(line, { maxLength: 8 }).map((ls) => `${ls.join('\n')}\n`);
    fc.assert(
      fc.property(text, text, text, text, (shared, a, b, end) => {
        const x = shared + a + end;
        const y = shared + b + end;
        expect(sharedLineEnds(x, y)).toEqual(walk(x, y));
        expect(sharedLineEnds(a, b)).toEqual(walk(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a 10 MB rewrite past the diff budget into pauses, and counts it as before', async () => {
    // 2.6M short lines a side, none shared: the linear count over every line of both.
    const a = 'key\n'.repeat(2_600_000);
    const b = 'pwd=x\n'.repeat(1_700_000);
    const pause = countingPause();
    expect(await lineStats(a, b, pause)).toEqual({ added: 1_700_000, removed: 2_600_000 });
    // At most 50,000 lines between two pauses (a few milliseconds).
    expect(pause.calls).toBeGreaterThanOrEqual(Math.floor((2_600_001 + 1_700_001) / 50_000));
  });

  it('diffs an edit past the quick try over event-loop turns, never in one', async () => {
    // Repeated lines with every 1,250th changed: long runs Myers walks again at every edit length.
    const base = Array.from({ length: 50_000 }, () => 'key');
    const a = `${base.join('\n')}\n`;
    const b = `${base.map((l, i) => (i % 1250 === 1249 ? 'kez' : l)).join('\n')}\n`;
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const stats = await lineStats(a, b, noPause);
    done = true;
    expect(stats).toEqual({ added: 40, removed: 40 });
    expect(stats).toEqual({
      added: diffLinesOf(a, b)!.filter((l) => l.kind === 'added').length,
      removed: diffLinesOf(a, b)!.filter((l) => l.kind === 'removed').length,
    });
    // A turn at least per edit length past the quick try (80 edits, 5 of them in the quick try).
    expect(turns).toBeGreaterThanOrEqual(75);
  });
});
