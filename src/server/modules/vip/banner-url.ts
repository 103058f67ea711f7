import { VIP_MESSAGES } from '../../../common/schemas/account.js';

export type BannerCheck<T> = { ok: true; value: T } | { ok: false; message: string };

const MAX_URL_LENGTH = 2048;
// A scheme is letters then ':' not followed by a digit, so 'example.com:8080/x' counts as scheme-less.
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
// Whitespace and control characters are silently dropped or kept differently by URL parsers.
const UNSAFE_CHARS = /[\s\p{Cc}]/u;

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The banner image: https only, on an exact host of the allowlist, with no user info or port
 * (`https://i.imgur.com@evil.example/` has host evil.example). The normalized href is stored, so
 * browsers load exactly the URL that was checked. The server never fetches it.
 */
export function checkBannerImageUrl(raw: string, allowedHosts: readonly string[]): BannerCheck<string> {
  const value = raw.trim();
  if (!value) return { ok: false, message: VIP_MESSAGES.bannerUrlRequired };
  if (value.length > MAX_URL_LENGTH || UNSAFE_CHARS.test(value)) {
    return { ok: false, message: VIP_MESSAGES.bannerUrlInvalid };
  }
  const url = parse(value);
  if (!url) return { ok: false, message: VIP_MESSAGES.bannerUrlInvalid };
  if (url.protocol !== 'https:') return { ok: false, message: VIP_MESSAGES.bannerUrlHttps };
  if (url.username || url.password || url.port)
    return { ok: false, message: VIP_MESSAGES.bannerUrlCredentials };
  if (!allowedHosts.includes(url.hostname)) {
    return { ok: false, message: `${VIP_MESSAGES.bannerUrlHost}: ${allowedHosts.join(', ')}` };
  }
  return { ok: true, value: url.href };
}

/**
 * The optional banner link: http(s) only, https:// prepended when no scheme is given (spec §2),
 * no user info (`https://bank.example@evil.example` reads as the bank but goes to evil.example).
 */
export function checkBannerLink(raw: string): BannerCheck<string | null> {
  const value = raw.trim();
  if (!value) return { ok: true, value: null };
  const invalid = { ok: false as const, message: VIP_MESSAGES.bannerLinkInvalid };
  if (value.length > MAX_URL_LENGTH || UNSAFE_CHARS.test(value)) return invalid;
  const url = parse(HAS_SCHEME.test(value) ? value : `https://${value}`);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return invalid;
  if (url.username || url.password || !url.hostname) return invalid;
  return { ok: true, value: url.href };
}
