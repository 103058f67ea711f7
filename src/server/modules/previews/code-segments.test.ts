import { describe, expect, it } from 'vitest';
import { hljs } from '../../../common/render/hljs.js';
import { fitLines, segmentsOfHighlighted, segmentsOfPlain } from './code-segments.js';

const textOf = (lines: { text: string }[][]) => lines.map((line) => line.map((s) => s.text).join(''));

describe('a card’s code lines', () => {
  it('read highlight.js HTML back into the text, coloured by scope, spans running over lines', () => {
    const code = 'const a = "<b>" & 1; /* one\ntwo */\nlet b;';
    const lines = segmentsOfHighlighted(hljs.highlight(code, { language: 'javascript' }).value);
    expect(textOf(lines)).toEqual(code.split('\n'));
    expect(lines[0]![0]).toEqual({ text: 'const', color: '#ff7b72' });
    expect(lines[0]!.find((s) => s.text === '"<b>"')?.color).toBe('#a5d6ff');
    // The comment's second line keeps its colour though its span opened the line before.
    expect(lines[1]).toEqual([{ text: 'two */', color: '#8b949e' }]);
    expect(lines[0]!.find((s) => s.text.includes('&'))?.color).toBeNull();
  });

  it('fit: so many lines, each cut with an ellipsis, tabs as spaces, control characters dropped', () => {
    const lines = segmentsOfPlain(`\tab\u0007c\n${'x'.repeat(12)}\n${'y'.repeat(10)}\nlast`);
    expect(textOf(fitLines(lines, 3, 10))).toEqual(['    abc', `${'x'.repeat(9)}…`, 'y'.repeat(10)]);
    // Cut across runs: the colours of what is kept stay.
    const runs = [
      [
        { text: 'abcde', color: '#111111' },
        { text: 'fghij', color: '#222222' },
        { text: 'k', color: null },
      ],
    ];
    expect(fitLines(runs, 1, 10)).toEqual([
      [
        { text: 'abcde', color: '#111111' },
        { text: 'fghi', color: '#222222' },
        { text: '…', color: null },
      ],
    ]);
  });
});
