import { describe, expect, it } from 'vitest';
import { TABLE_VIEW_MAX_ROWS } from '../constants';
import { RENDER_MESSAGES } from '../messages';
import { renderKindOf } from './render-kind';
import { renderNotebook } from './render-notebook';
import { renderTable } from './render-table';

describe('renderTable', () => {
  it('reads quoted fields, finds numeric columns and keeps cells as text', () => {
    const table = renderTable('name,price,note\n"Smith, J",1200.50,<b>x</b>\nDoe,"1,300",\n', ',');
    expect(table.header).toEqual(['name', 'price', 'note']);
    expect(table.rows).toEqual([
      ['Smith, J', '1200.50', '<b>x</b>'],
      ['Doe', '1,300', ''],
    ]);
    expect(table.numeric).toEqual([false, true, false]);
    expect(table.truncated).toBe(false);
  });

  it('reads TSV and shows at most the first rows of a long file', () => {
    const text = `a\tb\n${Array.from({ length: TABLE_VIEW_MAX_ROWS + 5 }, (_, i) => `${i}\tx`).join('\n')}`;
    const table = renderTable(text, '\t');
    expect(table.rows).toHaveLength(TABLE_VIEW_MAX_ROWS);
    expect(table.rows[0]).toEqual(['0', 'x']);
    expect(table.truncated).toBe(true);
  });
});

describe('renderNotebook', () => {
  it('shows markdown and code cells with text and PNG outputs, never HTML ones', () => {
    const notebook = renderNotebook(
      JSON.stringify({
        metadata: { language_info: { name: 'python' } },
        cells: [
          { cell_type: 'markdown', source: ['# Results\n', 'Some *text*'] },
          {
            cell_type: 'code',
            execution_count: 3,
            source: 'print(1)',
            outputs: [
              { output_type: 'stream', name: 'stdout', text: ['1\n'] },
              { output_type: 'execute_result', data: { 'text/html': '<b>2</b>', 'text/plain': '2' } },
              { output_type: 'display_data', data: { 'image/png': 'iVBORw0KGgo=\n' } },
              { output_type: 'error', ename: 'E', evalue: 'v', traceback: ['\u001b[31mTraceback\u001b[0m'] },
            ],
          },
        ],
      }),
    );
    expect(notebook).toEqual({
      cells: [
        { type: 'markdown', html: '<h1>Results</h1>\n<p>Some <em>text</em></p>\n' },
        {
          type: 'code',
          executionCount: 3,
          html: '<span class="hljs-built_in">print</span>(<span class="hljs-number">1</span>)',
          outputs: [
            { type: 'text', text: '1\n', error: false },
            { type: 'text', text: '2', error: false },
            { type: 'png', base64: 'iVBORw0KGgo=' },
            { type: 'text', text: 'Traceback', error: true },
          ],
        },
      ],
    });
  });

  it('says what is wrong with a file that is not a notebook', () => {
    expect(renderNotebook('{')).toEqual({ error: RENDER_MESSAGES.notebookNotJson });
    expect(renderNotebook('{"a":1}')).toEqual({ error: RENDER_MESSAGES.notebookNoCells });
  });
});

describe('renderKindOf', () => {
  it('goes by the title extension, then the language', () => {
    expect(renderKindOf({ title: 'README.md', language: null })).toBe('markdown');
    expect(renderKindOf({ title: 'data.CSV', language: 'plaintext' })).toBe('csv');
    expect(renderKindOf({ title: 'x.tsv' })).toBe('tsv');
    expect(renderKindOf({ title: 'analysis.ipynb', language: 'json' })).toBe('notebook');
    expect(renderKindOf({ title: 'notes', language: 'markdown' })).toBe('markdown');
    expect(renderKindOf({ title: 'main.py', language: 'python' })).toBeNull();
  });
});
