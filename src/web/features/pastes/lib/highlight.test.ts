import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlight, highlightLines, tokenLines } from './highlight';
import { LANGUAGES } from './languages';

const textOf = (lines: ReturnType<typeof tokenLines>) =>
  lines.map((line) => line.map((t) => t.text).join(''));

describe('tokenLines', () => {
  it('undoes the escapes of highlight.js and keeps the innermost class', () => {
    expect(
      tokenLines('<span class="a">x<span class="hljs-string">&quot;&lt;b&gt; &amp; &#x27;</span>z</span>w'),
    ).toEqual([
      [
        { text: 'x', className: 'a' },
        { text: `"<b> & '`, className: 'hljs-string' },
        { text: 'z', className: 'a' },
        { text: 'w', className: undefined },
      ],
    ]);
  });

  it('splits lines inside and outside spans', () => {
    expect(tokenLines('<span class="c">/* a\nb */</span>\n\nx')).toEqual([
      [{ text: '/* a', className: 'c' }],
      [{ text: 'b */', className: 'c' }],
      [],
      [{ text: 'x', className: undefined }],
    ]);
  });

  it('keeps anything that is not one of its two tags as text', () => {
    expect(textOf(tokenLines('a<b class="x">c</b>'))).toEqual(['a<b class="x">c</b>']);
  });
});

describe('highlightLines', () => {
  it('gives back every character of the paste, line by line, in any language', () => {
    const syntax = fc.constantFrom(...'<>&"\'`/*#-:;{}()[]\\ \t\nab1_$@!=.'.split(''));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: syntax, maxLength: 200 }), fc.string({ maxLength: 100 })),
        fc.constantFrom(...LANGUAGES.map((l) => l.id)),
        (code, language) => {
          expect(textOf(highlightLines(code, language))).toEqual(code.split('\n'));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('highlight', () => {
  const code =
    'export async function load(path) {\n  const text = await read(path);\n  return JSON.parse(text);\n}\n';

  it('detects the language for auto, and colours the tokens', () => {
    const { language, lines } = highlight(code, 'auto');
    expect(language).toBe('javascript');
    expect(lines).toHaveLength(5);
    expect(lines![0]).toContainEqual({ text: 'export', className: 'hljs-keyword' });
  });

  it('uses a chosen language, and nothing for plain text', () => {
    expect(highlight(code, 'python').language).toBe('python');
    expect(highlight(code, 'plaintext')).toEqual({ language: null, lines: null });
  });
});
