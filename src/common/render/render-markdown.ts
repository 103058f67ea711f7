/**
 * Markdown (CommonMark + GFM tables, strikethrough, autolinks, task lists, footnotes) as HTML
 * that has passed the allow-list. Raw HTML in the text is parsed like GitHub does, then the
 * sanitiser decides what of it stays: the parser never has the last word.
 */
import { tasklist } from '@mdit/plugin-tasklist';
import MarkdownIt, { type PluginSimple } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import { highlightCode } from './highlight-code.js';
import { LINK_REL, sanitizeHtml } from './sanitize-html.js';

const markdown = MarkdownIt({
  html: true,
  linkify: true,
  highlight: (code, name) => {
    const language = name.split(/\s/)[0] ?? '';
    return `<pre><code class="hljs">${highlightCode(code, language)}</code></pre>`;
  },
})
  // Its types describe markdown-it's older declaration files; the plugin itself is current.
  .use(footnote as unknown as PluginSimple)
  .use(tasklist, { label: false });

const escapeText = (text: string) => markdown.utils.escapeHtml(text);

/**
 * A remote image is a request the author can watch (a tracking pixel): it shows as a link to the
 * image, which the reader may open, or load through the site's image proxy ("Load images").
 * Images carried in the text (data: URLs) show in place.
 */
const inlineImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const src = token.attrGet('src') ?? '';
  if (src.startsWith('data:image/')) return inlineImage(tokens, index, options, env, self);
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const label = `Image: ${alt || 'untitled'}`;
  if (!/^https?:\/\//i.test(src)) return `<span class="remote-image">${escapeText(label)}</span>`;
  return `<a class="remote-image" href="${escapeText(src)}" rel="${LINK_REL}">${escapeText(label)}</a>`;
};

export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdown.render(text));
}

/** The http(s) images of a Markdown text, once each, in order: what "Load images" may fetch. */
export function remoteImageUrls(text: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: ReturnType<typeof markdown.parse>) => {
    for (const token of tokens) {
      const src = token.type === 'image' ? token.attrGet('src') : null;
      if (src && /^https?:\/\//i.test(src)) found.add(src);
      if (token.children) walk(token.children);
    }
  };
  walk(markdown.parse(text, {}));
  return [...found];
}
