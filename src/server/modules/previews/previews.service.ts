import { createHash } from 'node:crypto';
import { LANGUAGES } from '../../../common/languages.js';
import type { Highlighter } from '../../infra/highlight/highlighter.js';
import type { EmbedReader, PasteOpening } from '../pastes/reading/embed-read.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { CardRenderer } from './card-renderer.js';
import { fitLines, segmentsOfHighlighted, segmentsOfPlain } from './code-segments.js';
import { CARD_LINE_CHARS, CARD_LINES, type CardContent } from './preview-card.js';

/** The most of a paste's text a card reads: its lines at their widest, in UTF-8's widest characters. */
const OPENING_BYTES = CARD_LINES * CARD_LINE_CHARS * 4;
/** Cards kept (about 100 KB each), by paste version and site title: a link is fetched by many. */
const KEPT_CARDS = 100;
/** Changes when the card's look does, so no cache keeps an old one under the same ETag. */
const CARD_DESIGN = '1';
const TITLE_CHARS = 40;

interface Deps {
  reader: Pick<EmbedReader, 'opening'>;
  settings: Pick<SettingsService, 'get' | 'getPublic'>;
  highlighter: Pick<Highlighter, 'highlight'>;
  renderer: Pick<CardRenderer, 'render'>;
}

/** A paste's card: its ETag at once, its PNG drawn (or taken from those kept) when asked. */
export interface PreviewCard {
  etag: string;
  png: () => Promise<Uint8Array | null>;
}

const shorten = (text: string, chars: number) => {
  const all = [...text];
  return all.length <= chars ? text : `${all.slice(0, chars - 1).join('')}…`;
};

const sizeLabel = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Link preview cards (og:image): a PNG of a paste's title and first lines, for the pastes other
 * sites may show (the embed reader's rule), drawn on the card renderer's thread. A card is named
 * by everything it is drawn from, so its ETag holds on every instance, and the last cards drawn
 * are kept (a burst of fetches of one link draws it once).
 */
export function createPreviewsService({ reader, settings, highlighter, renderer }: Deps) {
  const kept = new Map<string, Promise<Uint8Array | null>>();

  async function contentOf(paste: PasteOpening, siteTitle: string): Promise<CardContent> {
    const text = await paste.text();
    const opening = text.split('\n', CARD_LINES).join('\n');
    // No language chosen: detected from these lines, as the paste page detects it.
    const done = paste.language === 'plaintext' ? null : await highlighter.highlight(opening, paste.language);
    const language = done?.html ? done.language : null;
    return {
      siteTitle: shorten(siteTitle, 60),
      title: shorten(paste.title || 'Untitled paste', TITLE_CHARS),
      languageLabel: LANGUAGES.find((l) => l.id === language)?.label ?? null,
      authorName: paste.authorName,
      sizeLabel: sizeLabel(paste.sizeBytes),
      lines: fitLines(
        done?.html ? segmentsOfHighlighted(done.html) : segmentsOfPlain(opening),
        CARD_LINES,
        CARD_LINE_CHARS,
      ),
    };
  }

  /** Draws a card once, however many ask for it at the same time; one that failed is not kept. */
  function drawn(key: string, draw: () => Promise<Uint8Array | null>): Promise<Uint8Array | null> {
    const known = kept.get(key);
    if (known) {
      // Kept in the order last used: the oldest goes first.
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const png = draw().then(
      (result) => {
        if (result === null) kept.delete(key);
        return result;
      },
      (error: unknown) => {
        kept.delete(key);
        throw error;
      },
    );
    kept.set(key, png);
    if (kept.size > KEPT_CARDS) kept.delete(kept.keys().next().value!);
    return png;
  }

  return {
    /** The card of `id`, or null for a paste that has none (missing, or not shown to other sites). */
    async card(id: string): Promise<PreviewCard | null> {
      const paste = await reader.opening(id, await settings.get(), OPENING_BYTES);
      if (!paste) return null;
      const { siteTitle } = await settings.getPublic();
      const key = JSON.stringify([
        CARD_DESIGN,
        paste.version,
        paste.title,
        paste.language,
        paste.authorName,
        siteTitle,
      ]);
      const etag = `"og-${createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`;
      return {
        etag,
        png: () => drawn(key, async () => renderer.render(await contentOf(paste, siteTitle))),
      };
    },
  };
}

export type PreviewsService = ReturnType<typeof createPreviewsService>;
