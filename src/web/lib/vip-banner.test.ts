import { describe, expect, it } from 'vitest';
import { bannerHref, DEFAULT_BANNER_URL } from './vip-banner';

describe('bannerHref', () => {
  it('prepends https:// to a link without a scheme (spec §2)', () => {
    expect(bannerHref('example.com')).toBe('https://example.com/');
    expect(bannerHref('www.example.com/shop?ref=vip#top')).toBe('https://www.example.com/shop?ref=vip#top');
  });

  it('keeps an http or https link as it is', () => {
    expect(bannerHref('https://example.com/a')).toBe('https://example.com/a');
    expect(bannerHref('http://example.com/a')).toBe('http://example.com/a');
    expect(bannerHref('HTTPS://Example.COM/Path')).toBe('https://example.com/Path');
  });

  it('treats a port as part of the host, not as a scheme', () => {
    expect(bannerHref('example.com:8080/x')).toBe('https://example.com:8080/x');
    expect(bannerHref('localhost:3000')).toBe('https://localhost:3000/');
  });

  it('trims the link and drops leading slashes before prepending the scheme', () => {
    expect(bannerHref('  example.com/x  ')).toBe('https://example.com/x');
    expect(bannerHref('//example.com/x')).toBe('https://example.com/x');
  });

  it('gives no link when there is none', () => {
    expect(bannerHref(null)).toBeNull();
    expect(bannerHref(undefined)).toBeNull();
    expect(bannerHref('')).toBeNull();
    expect(bannerHref('   ')).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    'file:///etc/passwd',
  ])('gives no link for the unsafe or non-web scheme %j', (link) => {
    expect(bannerHref(link)).toBeNull();
  });

  it('gives no link for text that is not a URL even with https:// prepended', () => {
    expect(bannerHref('not a url')).toBeNull();
    expect(bannerHref('http://')).toBeNull();
  });
});

describe('DEFAULT_BANNER_URL', () => {
  it('is the bundled default image', () => {
    expect(DEFAULT_BANNER_URL).toBe('/vip-banner-default.svg');
  });
});
