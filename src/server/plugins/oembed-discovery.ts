import { mayEmbedPaste, mayPreviewPaste } from '../../common/policies.js';
import type { PasteView } from '../../common/schemas/paste.js';

interface PageRead {
  view: PasteView;
  held: boolean;
}

/**
 * Whether other sites may show the paste of a page (mayEmbedPaste). The page carries only text
 * open to link holders (ready, not burn, not encrypted), so those facts are known.
 */
function shownElsewhere(
  { view, held }: PageRead,
  site: { requireSignInToRead: boolean },
  rule = mayEmbedPaste,
): boolean {
  const facts = { privacy: view.privacy, burnAfterReading: view.burnAfterReading, held };
  return rule({ ...facts, status: 'ready', encrypted: false }, site);
}

/**
 * The oEmbed address a paste's page names for consumers (`<link rel="alternate"
 * type="application/json+oembed">`), or undefined when other sites may not embed it.
 */
export function oembedDiscovery(
  read: PageRead,
  site: { requireSignInToRead: boolean },
  origin: string,
): string | undefined {
  if (!shownElsewhere(read, site)) return undefined;
  const pasteUrl = `${origin}/paste/${encodeURIComponent(read.view.id)}`;
  return `${origin}/api/oembed?url=${encodeURIComponent(pasteUrl)}&format=json`;
}

/**
 * The address of a paste's link preview card (og:image, GET /og/:id.png), or undefined when it has
 * none (mayPreviewPaste).
 */
export function previewImageUrl(
  read: PageRead,
  site: { requireSignInToRead: boolean },
  origin: string,
): string | undefined {
  if (!shownElsewhere(read, site, mayPreviewPaste)) return undefined;
  return `${origin}/og/${encodeURIComponent(read.view.id)}.png`;
}
