/**
 * The app's index.html as each page is served: the site's title, and for a public paste its title
 * for link previews (og:title — never content); unlisted, password and burn pastes get only the
 * site's title and `noindex`. Everything is HTML-escaped: titles are user input.
 */
export interface ShellMeta {
  /** <title>. */
  title: string;
  /** og:title and og:site_name, for a page a link preview may describe. */
  openGraph?: { title: string; siteName: string };
  /** Keep this page out of search engines. */
  noindex?: boolean;
  /** The site's own favicon (settings), replacing the built-in one. */
  faviconUrl?: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TITLE = /<title>[^<]*<\/title>/;
const ICON = /<link rel="icon"[^>]*>/;

export function renderShell(html: string, meta: ShellMeta): string {
  const extra: string[] = [];
  if (meta.openGraph) {
    extra.push(
      `<meta property="og:title" content="${escapeHtml(meta.openGraph.title)}" />`,
      `<meta property="og:site_name" content="${escapeHtml(meta.openGraph.siteName)}" />`,
      '<meta property="og:type" content="article" />',
    );
  }
  if (meta.noindex) extra.push('<meta name="robots" content="noindex, nofollow" />');
  let out = html.replace(TITLE, () => [`<title>${escapeHtml(meta.title)}</title>`, ...extra].join('\n    '));
  if (meta.faviconUrl) out = out.replace(ICON, () => `<link rel="icon" href="${escapeHtml(meta.faviconUrl!)}" />`);
  return out;
}
