/**
 * Link-preview fetchers of chat apps, social sites and search engines. Each sends a name of its
 * own; a person's browser never does. (Mastodon and Iframely name no "bot".)
 */
const BOT_UA =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|iframely|mastodon|whatsapp|slack|discord|telegram|skype|vkshare|pinterest|headlesschrome\/[\d.]+ \(?compatible/i;

/** Purpose headers of browser prefetch and prerender (Chromium, the standard, old Firefox, Safari). */
const PURPOSE_HEADERS = ['sec-purpose', 'purpose', 'x-moz', 'x-purpose'] as const;

type Headers = Record<string, string | string[] | undefined>;

/**
 * A fetch that no person asked to read: a link-preview bot, or a browser fetching ahead of a
 * click. Such fetches are not counted as views, and a burn-after-reading paste is not given to
 * them (it would be destroyed unseen).
 */
export function isAutomatedFetch(headers: Headers): boolean {
  for (const name of PURPOSE_HEADERS) {
    if (/prefetch|prerender|preview/i.test(String(headers[name] ?? ''))) return true;
  }
  return BOT_UA.test(String(headers['user-agent'] ?? ''));
}
