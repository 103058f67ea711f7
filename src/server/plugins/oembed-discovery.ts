import { mayEmbedPaste } from '../../common/policies.js';
import type { PasteView } from '../../common/schemas/paste.js';

/**
 * The oEmbed address a paste's page names for consumers (`<link rel="alternate"
 * type="application/json+oembed">`), or undefined when other sites may not embed it. The page
 * carries only text open to link holders (ready, not burn, not encrypted), so those facts are known.
 */
export function oembedDiscovery(
  read: { view: PasteView; held: boolean },
  site: { requireSignInToRead: boolean },
  origin: string,
): string | undefined {
  const { view, held } = read;
  const facts = { privacy: view.privacy, burnAfterReading: view.burnAfterReading, held };
  if (!mayEmbedPaste({ ...facts, status: 'ready', encrypted: false }, site)) return undefined;
  const pasteUrl = `${origin}/paste/${encodeURIComponent(view.id)}`;
  return `${origin}/api/oembed?url=${encodeURIComponent(pasteUrl)}&format=json`;
}
