import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinFragment, linkWithKey, looksLikeKey, splitFragment } from './key-fragment';
import { parseLineHash } from './line-range';

const KEY = 'q7Zk0-3_xYw9aBcDeFgHiJkLmNoPqRsTuVwXyZ01234';

describe('splitFragment', () => {
  it('reads a key alone', () => {
    expect(KEY).toHaveLength(43);
    expect(splitFragment(`#${KEY}`)).toEqual({ key: KEY, keyPart: KEY, lineHash: '' });
  });

  it('reads a key followed by one line or a range', () => {
    expect(splitFragment(`#${KEY}&L12`)).toEqual({ key: KEY, keyPart: KEY, lineHash: '#L12' });
    const { lineHash } = splitFragment(`#${KEY}&L12-L20`);
    expect(parseLineHash(lineHash)).toEqual({ start: 12, end: 20 });
  });

  it('leaves a plain paste’s line fragment as it is, with no key', () => {
    expect(splitFragment('#L12')).toEqual({ key: null, keyPart: '', lineHash: '#L12' });
    expect(splitFragment('#L12-L20')).toEqual({ key: null, keyPart: '', lineHash: '#L12-L20' });
  });

  it('reads a key that starts like a line link (L and a digit)', () => {
    const key = `L7${'a'.repeat(40)}A`;
    expect(splitFragment(`#${key}`)).toEqual({ key, keyPart: key, lineHash: '' });
    expect(splitFragment(`#${key}&L3`)).toEqual({ key, keyPart: key, lineHash: '#L3' });
  });

  it('has no key and no key part without a fragment', () => {
    expect(splitFragment('')).toEqual({ key: null, keyPart: '', lineHash: '' });
    expect(splitFragment('#')).toEqual({ key: null, keyPart: '', lineHash: '' });
  });

  it('keeps a key cut short (or too long, or with other characters) as a key part that is no key', () => {
    for (const part of [KEY.slice(0, 42), `${KEY}A`, `${KEY.slice(0, 42)}+`, `${KEY.slice(0, 42)}=`]) {
      const split = splitFragment(`#${part}&L3`);
      expect(split.key).toBeNull();
      expect(split.keyPart).toBe(part);
      expect(split.lineHash).toBe('#L3');
    }
  });

  it('accepts the hash with or without its #', () => {
    expect(splitFragment(`${KEY}&L1`)).toEqual(splitFragment(`#${KEY}&L1`));
  });
});

describe('joinFragment', () => {
  it('puts the line part after the key', () => {
    expect(joinFragment(KEY, '#L12')).toBe(`#${KEY}&L12`);
    expect(joinFragment(KEY, '#L12-L20')).toBe(`#${KEY}&L12-L20`);
    expect(joinFragment(KEY, '')).toBe(`#${KEY}`);
  });

  it('is the line hash alone without a key', () => {
    expect(joinFragment(null, '#L5')).toBe('#L5');
    expect(joinFragment(null, '')).toBe('');
  });

  it('round-trips with splitFragment for every key and line range', () => {
    const keyText = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    );
    const lines = fc.oneof(
      fc.constant(''),
      fc.integer({ min: 1, max: 999_999 }).map((n) => `#L${n}`),
      fc
        .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 1, max: 999_999 }))
        .map(([a, b]) => `#L${a}-L${b}`),
    );
    fc.assert(
      fc.property(fc.option(keyText, { nil: null }), lines, (key, lineHash) => {
        if (key) expect(looksLikeKey(key)).toBe(true);
        const split = splitFragment(joinFragment(key, lineHash));
        expect(split.key).toBe(key);
        expect(split.lineHash).toBe(lineHash);
      }),
    );
  });
});

describe('linkWithKey', () => {
  it('appends the key as the fragment, or nothing', () => {
    expect(linkWithKey('/paste/abc', KEY)).toBe(`/paste/abc#${KEY}`);
    expect(linkWithKey('/paste/abc?lang=js', null)).toBe('/paste/abc?lang=js');
  });
});
