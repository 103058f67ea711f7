import { PREVIEW_CARD } from '../../common/constants.js';
import { classesIn, customPropertiesIn } from './critical-css.js';
import type { InlineAssets } from './page-assets.js';

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
  /** oEmbed discovery (a paste other sites may embed): the oEmbed address and the paste's title. */
  oembed?: { href: string; title: string };
  /** The absolute address of the page's link preview card (og:image, PREVIEW_CARD's size). */
  previewImage?: string;
  /** Keep this page out of search engines. */
  noindex?: boolean;
  /** The site's own favicon (settings), replacing the built-in one. */
  faviconUrl?: string;
  /** Data the app would otherwise ask for first (setup state, public settings), as inert JSON. */
  bootstrap?: unknown;
  /** This page's screen: its code and styles, fetched in parallel with the app's own. */
  preload?: { modules: string[]; styles: string[] };
  /**
   * The page's body, rendered on the server (web-app.ts pageBody) at `renderedAt` (ms): shown
   * before any script runs. The app reckons its first screen's relative times from the same time.
   */
  body?: { html: string; renderedAt: number };
  /** What the build lets a page carry inline (page-assets.ts): early.js always, styles with `body`. */
  inline?: InlineAssets;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TITLE = /<title>[^<]*<\/title>/;
const EARLY_SCRIPT = '<script src="/early.js"></script>';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const ICON = /<link rel="icon"[^>]*>/;
const ROOT = '<div id="root"></div>';
/** index.html's notice that the page needs scripts (src/web/index.html), with the whitespace before it. */
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;

/**
 * React escapes markup but leaves two characters an HTML parser would not keep: a carriage return
 * (read as a line break) and NUL (dropped). As references, CR survives and NUL shows as U+FFFD —
 * what the browser shows for it anyway.
 */
const keepAsParsed = (html: string) => html.replace(/\r/g, '&#13;').replace(/\0/g, '&#xFFFD;');

export function renderShell(html: string, meta: ShellMeta): string {
  const extra: string[] = [];
  if (meta.openGraph) {
    extra.push(
      `<meta property="og:title" content="${escapeHtml(meta.openGraph.title)}" />`,
      `<meta property="og:site_name" content="${escapeHtml(meta.openGraph.siteName)}" />`,
      '<meta property="og:type" content="article" />',
    );
  }
  if (meta.oembed) {
    extra.push(
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(meta.oembed.href)}" title="${escapeHtml(meta.oembed.title)}" />`,
    );
  }
  if (meta.previewImage) {
    extra.push(
      `<meta property="og:image" content="${escapeHtml(meta.previewImage)}" />`,
      '<meta property="og:image:type" content="image/png" />',
      `<meta property="og:image:width" content="${PREVIEW_CARD.width}" />`,
      `<meta property="og:image:height" content="${PREVIEW_CARD.height}" />`,
      '<meta name="twitter:card" content="summary_large_image" />',
    );
  }
  if (meta.noindex) extra.push('<meta name="robots" content="noindex, nofollow" />');
  for (const file of meta.preload?.modules ?? []) {
    extra.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`);
  }
  for (const file of meta.preload?.styles ?? []) {
    extra.push(`<link rel="stylesheet" crossorigin href="${escapeHtml(file)}" />`);
  }
  if (meta.bootstrap !== undefined) {
    // A JSON script is never run (and the CSP runs no inline script but early.js, by its hash);
    // `<` is escaped so no value can close the element.
    const json = JSON.stringify(meta.bootstrap).replace(/</g, '\\u003c');
    extra.push(`<script type="application/json" id="bootstrap">${json}</script>`);
  }
  let out = html.replace(TITLE, () => [`<title>${escapeHtml(meta.title)}</title>`, ...extra].join('\n    '));
  if (meta.faviconUrl)
    out = out.replace(ICON, () => `<link rel="icon" href="${escapeHtml(meta.faviconUrl!)}" />`);
  // Inline, the page's first paint waits for no request of its own (its CSP hash: security-headers).
  const early = meta.inline?.earlyScript;
  if (early) out = out.replace(EARLY_SCRIPT, () => `<script>${early.text}</script>`);
  if (meta.body !== undefined) {
    // The app's first render replaces this markup with its own, identical (src/web/main.tsx).
    const { html: body, renderedAt } = meta.body;
    // This page reads without scripts: no notice that it needs them (taken out before the body
    // goes in, so only the shell's own notice can match).
    out = out
      .replace(NOSCRIPT, '')
      .replace(ROOT, () => `<div id="root" data-prerendered="${renderedAt}">${keepAsParsed(body)}</div>`);
  }
  // A page with its text inline carries the styles that text needs too (a stylesheet would hold it
  // back). The whole sheet is preloaded beside them, holding back no paint, and applied by the app
  // before it draws anything the server did not (src/web/app/preloaded-styles.ts).
  const inlineStyles = meta.body !== undefined ? meta.inline?.styles : undefined;
  if (inlineStyles) {
    const classes = classesIn(out);
    const customProperties = customPropertiesIn(out);
    out = out.replace(STYLESHEET, (link, href: string) => {
      const critical = inlineStyles.get(href);
      if (critical === undefined) return link;
      const css = critical(classes, customProperties);
      const preload = link.replace('rel="stylesheet"', 'rel="preload" as="style"');
      // A sheet the page's markup needs nothing of (the code colours, before highlighting) is only preloaded.
      return css === '' ? preload : `<style>${css}</style>${preload}`;
    });
  }
  return out;
}
