import type { EmbedTheme } from '../../../common/schemas/embeds.js';
import { EMBED_MESSAGES } from '../../../common/schemas/embeds.js';
import type { EmbedAssets } from './embed-assets.js';
import { escapeHtml } from './highlighted-lines.js';

/** What an embed page shows: lines already as HTML (escaped, or highlight.js markup). */
export interface EmbedContent {
  id: string;
  title: string;
  /** The language's name as the page shows it, or null for plain text. */
  languageLabel: string | null;
  /** The first line's number, and the lines from it. */
  firstLine: number;
  lines: string[];
  /** Lines of the paste the embed leaves out after its last (0 when it ends with the paste). */
  linesAfter: number;
  siteTitle: string;
}

const themeClass = (theme: EmbedTheme) =>
  theme === 'dark' ? 'dark' : theme === 'light' ? 'light' : 'theme-auto';

function document(theme: EmbedTheme, title: string, assets: EmbedAssets, body: string): string {
  return `<!doctype html>
<html lang="en" class="${themeClass(theme)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${assets.stylesheet.path}">
<script src="${assets.frameScript.path}" defer></script>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The embed page (one landmark, the title its heading): a bar with the title (a link to the paste) and its language, the lines with
 * their numbers (each a link to that line on the paste's page), a footer naming the site. Links
 * open a new tab: the frame stays as the host page placed it.
 */
export function renderEmbedPage(content: EmbedContent, theme: EmbedTheme, assets: EmbedAssets): string {
  const page = `/paste/${encodeURIComponent(content.id)}`;
  const open = 'target="_blank" rel="noopener"';
  const rows = content.lines
    .map((html, i) => {
      const n = content.firstLine + i;
      return `<tr><td class="ln"><a href="${page}#L${n}" ${open}>${n}</a></td><td class="lc">${html || '\u200b'}</td></tr>`;
    })
    .join('\n');
  const more =
    content.linesAfter > 0
      ? `<div class="embed-more"><a href="${page}" ${open}>${content.linesAfter} more ${content.linesAfter === 1 ? 'line' : 'lines'}</a></div>`
      : '';
  const body = `<main class="embed">
<div class="embed-bar"><h1 class="embed-heading"><a class="embed-title" href="${page}" ${open}>${escapeHtml(content.title)}</a></h1><span>${escapeHtml(content.languageLabel ?? 'Plain text')}</span></div>
<div class="code-view"><table><tbody>
${rows}
</tbody></table></div>
${more}
<div class="embed-bar"><a href="${page}" ${open}>View on ${escapeHtml(content.siteTitle)}</a><a href="/raw/${encodeURIComponent(content.id)}" ${open}>Raw</a></div>
</main>`;
  return document(theme, content.title, assets, body);
}

/** Every paste that cannot be embedded, and every missing one, answers this same card. */
export function renderCannotEmbed(theme: EmbedTheme, assets: EmbedAssets): string {
  const body = `<main class="embed"><h1 class="embed-card">${EMBED_MESSAGES.cannotEmbed}</h1></main>`;
  return document(theme, EMBED_MESSAGES.cannotEmbed, assets, body);
}
