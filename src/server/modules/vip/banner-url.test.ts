import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIP_MESSAGES } from '../../../common/schemas/account.js';
import { checkBannerImageUrl, checkBannerLink } from './banner-url.js';

const HOSTS = ['i.imgur.com', 'images.unsplash.com'];

describe('banner image URL', () => {
  it('accepts https on an allowed host and returns the normalized URL', () => {
    expect(checkBannerImageUrl('  https://i.imgur.com/abc.png ', HOSTS)).toEqual({
      ok: true,
      value: 'https://i.imgur.com/abc.png',
    });
    expect(checkBannerImageUrl('HTTPS://I.IMGUR.COM/a b'.replace(' ', '%20'), HOSTS)).toEqual({
      ok: true,
      value: 'https://i.imgur.com/a%20b',
    });
  });

  it.each([
    ['', VIP_MESSAGES.bannerUrlRequired],
    ['   ', VIP_MESSAGES.bannerUrlRequired],
    ['http://i.imgur.com/a.png', VIP_MESSAGES.bannerUrlHttps],
    ['javascript:alert(1)', VIP_MESSAGES.bannerUrlHttps],
    ['data:image/png;base64,AAAA', VIP_MESSAGES.bannerUrlHttps],
    ['//i.imgur.com/a.png', VIP_MESSAGES.bannerUrlInvalid],
    ['i.imgur.com/a.png', VIP_MESSAGES.bannerUrlInvalid],
    ['https://i.imgur.com@evil.example/x.png', `${VIP_MESSAGES.bannerUrlCredentials}`],
    ['https://user:pw@i.imgur.com/x.png', VIP_MESSAGES.bannerUrlCredentials],
    ['https://i.imgur.com:8443/x.png', VIP_MESSAGES.bannerUrlCredentials],
    ['https://evil.example/x.png', `${VIP_MESSAGES.bannerUrlHost}: i.imgur.com, images.unsplash.com`],
    [
      'https://i.imgur.com.evil.example/x.png',
      `${VIP_MESSAGES.bannerUrlHost}: i.imgur.com, images.unsplash.com`,
    ],
    ['https://evil.i.imgur.com/x.png', `${VIP_MESSAGES.bannerUrlHost}: i.imgur.com, images.unsplash.com`],
    ['https://i.imgur.com/a b.png', VIP_MESSAGES.bannerUrlInvalid],
    ['https://i.imgur.com/\na.png', VIP_MESSAGES.bannerUrlInvalid],
    [`https://i.imgur.com/${'a'.repeat(2100)}`, VIP_MESSAGES.bannerUrlInvalid],
  ])('refuses %j', (url, message) => {
    expect(checkBannerImageUrl(url, HOSTS)).toEqual({ ok: false, message });
  });

  it('never accepts a URL a browser would load from another host or without TLS', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl(),
          fc.string(),
          fc.webUrl().map((u) => u.replace(/\/\/[^/]+/, '//i.imgur.com@$&')),
        ),
        (raw) => {
          const r = checkBannerImageUrl(raw, HOSTS);
          if (!r.ok) return;
          const url = new URL(r.value);
          expect(url.protocol).toBe('https:');
          expect(HOSTS).toContain(url.hostname);
          expect(url.username + url.password + url.port).toBe('');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('banner link', () => {
  it.each([
    ['', null],
    ['example.com/page', 'https://example.com/page'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.com/A', 'https://example.com/A'],
  ])('accepts %j as %j', (raw, value) => {
    expect(checkBannerLink(raw)).toEqual({ ok: true, value });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    'ftp://example.com',
    'https://bank.example@evil.example',
    'https://a b',
  ])('refuses %j', (raw) => {
    expect(checkBannerLink(raw)).toEqual({ ok: false, message: VIP_MESSAGES.bannerLinkInvalid });
  });
});
