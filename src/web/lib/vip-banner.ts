/**
 * A VIP banner link made safe to follow: https:// is prepended when it has no scheme (spec §2);
 * any scheme other than http(s) (javascript:, data:) gives no link at all.
 */
export function bannerHref(link: string | null | undefined): string | null {
  const trimmed = link?.trim();
  if (!trimmed) return null;
  // 'example.com:8080/x' has a port, not a scheme.
  const hasScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed);
  const withScheme = hasScheme ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Shown when a VIP has no banner image or theirs fails to load. */
export const DEFAULT_BANNER_URL = '/vip-banner-default.svg';
