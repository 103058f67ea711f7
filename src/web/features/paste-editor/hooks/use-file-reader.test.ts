import { describe, expect, it } from 'vitest';
import { JSON_CREATE_MAX_BYTES, MB } from '../../../../common/constants';
import { sealedSize } from '../../../../common/paste-crypto/index';
import { fitsEncryptedJson } from './use-file-reader';

/** The JSON content of an encrypted create: standard base64 of the sealed stream. */
const base64Length = (plain: number) => 4 * Math.ceil(sealedSize(plain) / 3);

describe('fitsEncryptedJson', () => {
  it('agrees with the format: a file that fits leaves room for the other fields, one that does not would not', () => {
    // The largest size that fits, found by bisection over the function itself.
    let low = 0;
    let high = 60 * MB;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fitsEncryptedJson(mid)) low = mid;
      else high = mid - 1;
    }
    expect(base64Length(low)).toBeLessThanOrEqual(JSON_CREATE_MAX_BYTES - 4096);
    expect(base64Length(low + 1) + 4096).toBeGreaterThan(JSON_CREATE_MAX_BYTES);
    // About three quarters of the JSON limit: base64 costs a third on top.
    expect(low / MB).toBeGreaterThan(37);
    expect(low / MB).toBeLessThan(38);
  });

  it('takes small files, the empty one included', () => {
    expect(fitsEncryptedJson(0)).toBe(true);
    expect(fitsEncryptedJson(10 * MB)).toBe(true);
    expect(fitsEncryptedJson(45 * MB)).toBe(false);
  });
});
