/**
 * The rendered view of a paste's text, the same on the server (first HTML) and in the browser
 * (loaded only for pastes that have one). HTML in the answer has passed the allow-list
 * (sanitize-html.ts); everything else is data the view renders as text.
 */
import { RENDER_MAX_CHARS } from '../constants.js';
import type { RenderKind } from './render-kind.js';
import { renderMarkdown } from './render-markdown.js';
import { type Notebook, renderNotebook } from './render-notebook.js';
import { renderTable, type TableData } from './render-table.js';

export type Rendered =
  | { kind: 'markdown'; html: string }
  | { kind: 'table'; table: TableData }
  | { kind: 'notebook'; notebook: Notebook };

/** The view, or null when the text is too large to render (it then shows as source). */
export function renderPaste(kind: RenderKind, text: string): Rendered | null {
  if (text.length > RENDER_MAX_CHARS) return null;
  switch (kind) {
    case 'markdown':
      return { kind, html: renderMarkdown(text) };
    case 'csv':
    case 'tsv':
      return { kind: 'table', table: renderTable(text, kind === 'csv' ? ',' : '\t') };
    case 'notebook':
      return { kind, notebook: renderNotebook(text) };
  }
}
