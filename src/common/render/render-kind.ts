/**
 * Which rendered view a paste has, from its language and its title's extension only (never its
 * text): the page knows without loading any renderer whether it needs one.
 */
export type RenderKind = 'markdown' | 'csv' | 'tsv' | 'notebook';

const BY_EXTENSION: Record<string, RenderKind> = {
  md: 'markdown',
  markdown: 'markdown',
  csv: 'csv',
  tsv: 'tsv',
  ipynb: 'notebook',
};

export function renderKindOf(paste: { title?: string | null; language?: string | null }): RenderKind | null {
  const title = (paste.title ?? '').trim().toLowerCase();
  const dot = title.lastIndexOf('.');
  const byName = dot > 0 ? BY_EXTENSION[title.slice(dot + 1)] : undefined;
  if (byName) return byName;
  return paste.language === 'markdown' ? 'markdown' : null;
}
