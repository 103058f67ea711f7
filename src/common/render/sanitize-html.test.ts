import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';
import { renderNotebook } from './render-notebook';
import { XSS_CORPUS } from './xss-corpus';

type Node = DefaultTreeAdapterMap['node'];

const TAGS = new Set(
  'a abbr b blockquote br code dd del details div dl dt em h1 h2 h3 h4 h5 h6 hr i img input ins kbd li mark ol p pre s section small span strong sub summary sup table tbody td tfoot th thead tr u ul'.split(
    ' ',
  ),
);

/** What is wrong with HTML as a browser parses it: any element, attribute or URL that could run script. */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) {
      if (!TAGS.has(node.tagName)) problems.push(`<${node.tagName}>`);
      for (const { name, value } of node.attrs) {
        if (name.startsWith('on') || name === 'style' || name === 'name' || name === 'srcdoc')
          problems.push(`${name}=`);
        if (name === 'href' && !/^(https?:\/\/|mailto:|#)/i.test(value)) problems.push(`href=${value}`);
        if (name === 'src' && !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(value))
          problems.push(`src=${value}`);
        if (name === 'id' && !/^fn(ref)?\d+(:\d+)?$/.test(value)) problems.push(`id=${value}`);
        if (name === 'class' && /\b(fixed|absolute|inset-0|hidden)\b/.test(value))
          problems.push(`class=${value}`);
      }
      if (node.tagName === 'input' && !node.attrs.some((a) => a.name === 'disabled'))
        problems.push('enabled input');
    }
    if ('childNodes' in node) node.childNodes.forEach(walk);
    if ('content' in node) walk(node.content as Node);
  };
  walk(parseFragment(html) as Node);
  return problems;
}

describe('the rendered views make the XSS corpus inert', () => {
  it.each(XSS_CORPUS)('Markdown: %s', (payload) => {
    expect(problemsOf(renderMarkdown(payload))).toEqual([]);
  });

  it.each(XSS_CORPUS)('notebook cells and outputs: %s', (payload) => {
    const notebook = renderNotebook(
      JSON.stringify({
        metadata: { language_info: { name: payload } },
        cells: [
          { cell_type: 'markdown', source: [payload] },
          {
            cell_type: 'code',
            source: payload,
            outputs: [{ output_type: 'display_data', data: { 'text/html': payload, 'image/png': payload } }],
          },
        ],
      }),
    );
    if (!('cells' in notebook)) throw new Error(notebook.error);
    for (const cell of notebook.cells) {
      expect(problemsOf(cell.html)).toEqual([]);
      // HTML outputs are dropped; an image that is not base64 is too.
      if (cell.type === 'code') expect(cell.outputs).toEqual([]);
    }
  });
});

describe('what the allow-list keeps', () => {
  it('keeps GFM structure, footnotes, task lists and highlighted code, and marks links', () => {
    const html = renderMarkdown(
      '# Title\n\n| n | name |\n|--:|:-----|\n| 1 | a |\n\n- [x] done\n- [ ] todo\n\nSee[^1] [site](https://example.com).\n\n[^1]: A note.\n\n```js\nconst a = 1;\n```\n',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<th class="align-right">n</th>');
    expect(html).toContain('<input type="checkbox" class="task-list-item-checkbox" checked disabled>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener">site</a>');
    expect(html).toContain('<li id="fn1" class="footnote-item">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
  });

  it('shows a remote image as a link to it, and an image carried in the text in place', () => {
    const html = renderMarkdown(
      '![logo](https://cdn.example/logo.png) ![dot](data:image/png;base64,iVBORw0KGgo=)',
    );
    expect(html).toContain(
      '<a class="remote-image" href="https://cdn.example/logo.png" rel="nofollow ugc noopener">Image: logo</a>',
    );
    expect(html).not.toContain('<img src="https://');
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">');
  });

  it('keeps safe raw HTML as GitHub does', () => {
    expect(renderMarkdown('<details><summary>More</summary>\n\n*hidden*\n\n</details>')).toContain(
      '<details><summary>More</summary>',
    );
  });
});
