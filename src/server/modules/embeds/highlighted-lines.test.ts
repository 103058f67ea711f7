import { describe, expect, it } from 'vitest';
import { hljs } from '../../../common/render/hljs.js';
import { highlightedLines } from './highlighted-lines.js';

describe('highlightedLines', () => {
  it('closes and reopens a span that runs over several lines', () => {
    const html = hljs.highlight('a = 1 /* one\ntwo */ + "<b>"\n', { language: 'javascript' }).value;
    const lines = highlightedLines(html);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('a = <span class="hljs-number">1</span> <span class="hljs-comment">/* one</span>');
    expect(lines[1]).toBe(
      '<span class="hljs-comment">two */</span> + <span class="hljs-string">&quot;&lt;b&gt;&quot;</span>',
    );
    expect(lines[2]).toBe('');
  });

  it('keeps plain escaped text as it is, line by line', () => {
    expect(highlightedLines('x &lt; y\n\nz')).toEqual(['x &lt; y', '', 'z']);
  });
});
