import { LANGUAGES, type LanguageId } from '../../../common/languages.js';
import {
  EMBED_MESSAGES,
  type EmbedTheme,
  type OembedResponse,
  parseLineRange,
} from '../../../common/schemas/embeds.js';
import { AppError, badRequest } from '../../errors.js';
import type { Highlighter } from '../../infra/highlight/highlighter.js';
import type { EmbeddablePaste, EmbedReader } from '../pastes/reading/embed-read.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { EmbedAssets } from './embed-assets.js';
import { type EmbedContent, renderCannotEmbed, renderEmbedPage } from './embed-page.js';
import { escapeHtml, highlightedLines } from './highlighted-lines.js';

/** An embed shows at most this many lines; a link leads to the rest. */
export const EMBED_MAX_LINES = 1_000;
/** Text up to the last line shown is highlighted below this size only (the paste page's bound). */
const HIGHLIGHT_MAX_CHARS = 200_000;
/** Rendered embeds kept, by paste version, lines and theme (a host page is read by many). */
const KEPT_PAGES = 500;

/** Sizes an oEmbed frame is given: a line is 20 px, bars and padding about 90. */
const OEMBED = { width: 640, lineHeight: 20, chrome: 90, maxLines: 30 } as const;

interface Deps {
  reader: EmbedReader;
  settings: Pick<SettingsService, 'get' | 'getPublic'>;
  highlighter: Pick<Highlighter, 'highlight'>;
  assets: EmbedAssets;
  /** The site's public origin (its setup's domain), or null when none is set. */
  siteOrigin: () => Promise<string | null>;
}

const labelOf = (language: LanguageId | null) => LANGUAGES.find((l) => l.id === language)?.label ?? null;

/** The paste's lines `first`…`last` (clamped to what the embed shows) out of its text. */
function cut(text: string, range: { first: number; last: number } | null) {
  const all = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const first = range?.first ?? 1;
  if (first > all.length) throw badRequest(EMBED_MESSAGES.linesPastEnd);
  const last = Math.min(range?.last ?? all.length, all.length, first + EMBED_MAX_LINES - 1);
  return { first, last, upTo: all.slice(0, last).join('\n') };
}

/**
 * Pastes shown in other sites' pages: the embed page (an iframe), and the oEmbed answer that
 * describes it. Which pastes may be shown is mayEmbedPaste (common/policies), read through the
 * pastes module's embed reader; everything else gets the same "cannot be embedded" answer.
 */
export function createEmbedsService({ reader, settings, highlighter, assets, siteOrigin }: Deps) {
  let kept = new Map<string, string>();

  async function content(paste: EmbeddablePaste, range: { first: number; last: number } | null) {
    const { first, last, upTo } = cut(paste.text, range);
    const language = paste.language === 'plaintext' ? 'plaintext' : paste.language;
    let html: string | null = null;
    let shownAs: LanguageId | null = null;
    if (language !== 'plaintext' && upTo.length <= HIGHLIGHT_MAX_CHARS) {
      // Highlighted from the first line, so a comment or string begun above the range stays one.
      const done = await highlighter.highlight(upTo, language);
      html = done.html;
      shownAs = done.html === null ? null : done.language;
    }
    const lines = highlightedLines(html ?? escapeHtml(upTo)).slice(first - 1);
    const { siteTitle } = await settings.getPublic();
    return {
      id: paste.id,
      title: paste.title || 'Untitled paste',
      languageLabel: labelOf(shownAs),
      firstLine: first,
      lines,
      linesAfter: paste.totalLines - last,
      siteTitle,
    } satisfies EmbedContent;
  }

  return {
    /** The page's stylesheet and scripts (GET /embed-assets/:file, /embed/:id.js). */
    assets,

    /** The embed page for `id`, or the card: HTML either way. */
    async page(id: string, query: { theme: EmbedTheme; lines?: string; file?: string }): Promise<string> {
      const site = await settings.get();
      const paste = await reader.read(id, site, query.file);
      if (!paste) return renderCannotEmbed(query.theme, assets);
      const { siteTitle } = await settings.getPublic();
      const key = `${paste.version}\n${query.lines ?? ''}\n${query.theme}\n${siteTitle}\n${query.file ?? ''}`;
      const known = kept.get(key);
      if (known !== undefined) return known;
      const html = renderEmbedPage(
        await content(paste, query.lines === undefined ? null : parseLineRange(query.lines)),
        query.theme,
        assets,
      );
      if (kept.size >= KEPT_PAGES) kept = new Map();
      kept.set(key, html);
      return html;
    },

    /** oEmbed's rich answer for a paste's address on this site; 404 for anything else. */
    async oembed(
      url: string,
      requestOrigin: string,
      limits: { maxwidth?: number; maxheight?: number },
    ): Promise<OembedResponse> {
      const origin = (await siteOrigin()) ?? requestOrigin;
      const id = pasteIdOf(url, [origin, requestOrigin]);
      if (id === null) throw new AppError('NOT_FOUND', EMBED_MESSAGES.badUrl);
      const paste = await reader.read(id, await settings.get());
      if (!paste) throw new AppError('NOT_FOUND', EMBED_MESSAGES.cannotEmbed);
      const { siteTitle } = await settings.getPublic();
      const width = Math.min(limits.maxwidth ?? OEMBED.width, OEMBED.width);
      const lines = Math.min(paste.totalLines, OEMBED.maxLines);
      const height = Math.min(
        limits.maxheight ?? Number.MAX_SAFE_INTEGER,
        OEMBED.chrome + OEMBED.lineHeight * lines,
      );
      const title = paste.title || 'Untitled paste';
      const src = `${origin}/embed/${encodeURIComponent(paste.id)}`;
      return {
        version: '1.0',
        type: 'rich',
        provider_name: siteTitle,
        provider_url: origin,
        title,
        author_name: paste.authorName ?? 'Anonymous',
        html: `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" title="${escapeHtml(title)}" loading="lazy" style="border:0;max-width:100%"></iframe>`,
        width,
        height,
      };
    },
  };
}

/** The paste id of `/paste/{id}` or `/embed/{id}` on one of these origins, else null. */
function pasteIdOf(url: string, origins: string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!origins.includes(parsed.origin)) return null;
  const m = /^\/(?:paste|embed)\/([A-Za-z0-9_-]{1,32})$/.exec(parsed.pathname);
  return m ? m[1]! : null;
}

export type EmbedsService = ReturnType<typeof createEmbedsService>;
