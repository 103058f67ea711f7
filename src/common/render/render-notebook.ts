/**
 * A Jupyter notebook (nbformat 4) as cells to show: Markdown cells through the Markdown renderer,
 * code cells highlighted in the notebook's language, and of their outputs only text (streams,
 * text/plain results, errors without their terminal colours) and PNG images. HTML, JavaScript and
 * widget outputs are left out: a notebook's own markup never reaches the page.
 */
import { RENDER_MESSAGES } from '../messages.js';
import { highlightCode } from './highlight-code.js';
import { renderMarkdown } from './render-markdown.js';
import { sanitizeHtml } from './sanitize-html.js';

export type NotebookOutput = { type: 'text'; text: string; error: boolean } | { type: 'png'; base64: string };

export type NotebookCell =
  | { type: 'markdown'; html: string }
  | { type: 'code'; html: string; executionCount: number | null; outputs: NotebookOutput[] };

export type Notebook = { cells: NotebookCell[] } | { error: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** nbformat keeps multi-line strings as either one string or a list of lines. */
const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.filter((v) => typeof v === 'string').join('')
      : '';
// Terminal colour codes in tracebacks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is matched.
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;

function outputOf(output: Json): NotebookOutput | null {
  if (output.output_type === 'stream')
    return { type: 'text', text: textOf(output.text), error: output.name === 'stderr' };
  if (output.output_type === 'error') {
    const trace = Array.isArray(output.traceback) ? output.traceback.map(textOf).join('\n') : '';
    return {
      type: 'text',
      text: (trace || `${textOf(output.ename)}: ${textOf(output.evalue)}`).replace(ANSI, ''),
      error: true,
    };
  }
  const data = isObject(output.data) ? output.data : {};
  const png = textOf(data['image/png']);
  if (png && BASE64.test(png)) return { type: 'png', base64: png.replace(/\s/g, '') };
  const text = textOf(data['text/plain']);
  return text ? { type: 'text', text, error: false } : null;
}

export function renderNotebook(text: string): Notebook {
  let notebook: unknown;
  try {
    notebook = JSON.parse(text);
  } catch {
    return { error: RENDER_MESSAGES.notebookNotJson };
  }
  if (!isObject(notebook) || !Array.isArray(notebook.cells))
    return { error: RENDER_MESSAGES.notebookNoCells };
  const metadata = isObject(notebook.metadata) ? notebook.metadata : {};
  const info = isObject(metadata.language_info) ? metadata.language_info : {};
  const language = textOf(info.name) || 'python';
  const cells: NotebookCell[] = [];
  for (const cell of notebook.cells) {
    if (!isObject(cell)) continue;
    const source = textOf(cell.source);
    if (cell.cell_type === 'markdown') cells.push({ type: 'markdown', html: renderMarkdown(source) });
    else if (cell.cell_type === 'code') {
      const outputs = (Array.isArray(cell.outputs) ? cell.outputs : []).filter(isObject).map(outputOf);
      cells.push({
        type: 'code',
        html: sanitizeHtml(highlightCode(source, language)),
        executionCount: typeof cell.execution_count === 'number' ? cell.execution_count : null,
        outputs: outputs.filter((o): o is NotebookOutput => o !== null),
      });
    }
  }
  return { cells };
}
