import { describe, expect, it } from 'vitest';
import { downloadFileName, downloadUrl, rawUrl } from './paste-links';

describe('rawUrl', () => {
  it('points at the raw text of the paste', () => {
    expect(rawUrl({ id: 'abc123' })).toBe('/raw/abc123');
  });

  it('carries the access grant, encoded', () => {
    expect(rawUrl({ id: 'abc123', accessToken: 'tok' })).toBe('/raw/abc123?access=tok');
    expect(rawUrl({ id: 'abc123', accessToken: 'a b&c=d/e' })).toBe('/raw/abc123?access=a%20b%26c%3Dd%2Fe');
  });

  it('encodes the id so it cannot escape the path', () => {
    expect(rawUrl({ id: '../admin?x' })).toBe('/raw/..%2Fadmin%3Fx');
  });

  it('adds no query for an empty access token', () => {
    expect(rawUrl({ id: 'abc', accessToken: '' })).toBe('/raw/abc');
  });
});

describe('downloadUrl', () => {
  it('uses the download URL the server gave (extreme pastes)', () => {
    expect(downloadUrl({ id: 'abc', downloadUrl: '/files/abc.txt', accessToken: 'tok' })).toBe(
      '/files/abc.txt',
    );
  });

  it('falls back to the paste download endpoint, with the access grant', () => {
    expect(downloadUrl({ id: 'abc' })).toBe('/api/pastes/abc/download');
    expect(downloadUrl({ id: 'abc', accessToken: 't+k' })).toBe('/api/pastes/abc/download?access=t%2Bk');
    expect(downloadUrl({ id: 'a/b' })).toBe('/api/pastes/a%2Fb/download');
  });
});

describe('downloadFileName', () => {
  it('builds the name from the title', () => {
    expect(downloadFileName({ id: 'abc', title: 'My notes!' })).toBe('My-notes.txt');
    expect(downloadFileName({ id: 'abc', title: '  several   spaced words ' })).toBe(
      'several-spaced-words.txt',
    );
    expect(downloadFileName({ id: 'abc', title: 'config.prod_v2-final' })).toBe('config.prod_v2-final.txt');
  });

  it('keeps letters and digits of any script', () => {
    expect(downloadFileName({ id: 'abc', title: 'Über café 東京 ٣' })).toBe('Über-café-東京-٣.txt');
  });

  it('drops path separators and other unsafe characters', () => {
    expect(downloadFileName({ id: 'abc', title: 'a/b\\c:d*e?f"g<h>i|j' })).toBe('abcdefghij.txt');
  });

  it("falls back to 'paste-<id>.txt' without a usable title", () => {
    expect(downloadFileName({ id: 'abc', title: null })).toBe('paste-abc.txt');
    expect(downloadFileName({ id: 'abc', title: '' })).toBe('paste-abc.txt');
    expect(downloadFileName({ id: 'abc', title: '   ' })).toBe('paste-abc.txt');
    expect(downloadFileName({ id: 'abc', title: '!!! ???' })).toBe('paste-abc.txt');
  });

  it('takes the language’s extension, unless the title has its own', () => {
    expect(downloadFileName({ id: 'abc', title: 'debounce' }, 'javascript')).toBe('debounce.js');
    expect(downloadFileName({ id: 'abc', title: 'debounce.js' }, 'javascript')).toBe('debounce.js');
    expect(downloadFileName({ id: 'abc', title: 'trace' }, 'python')).toBe('trace.py');
    expect(downloadFileName({ id: 'abc', title: 'server.log' }, 'ruby')).toBe('server.log');
    expect(downloadFileName({ id: 'abc', title: null }, 'plaintext')).toBe('paste-abc.txt');
  });

  it('keeps at most 80 characters of the title', () => {
    expect(downloadFileName({ id: 'abc', title: 'x'.repeat(80) })).toBe(`${'x'.repeat(80)}.txt`);
    expect(downloadFileName({ id: 'abc', title: 'x'.repeat(81) })).toBe(`${'x'.repeat(80)}.txt`);
  });
});
