import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EICAR,
  EICAR_SIGNATURE,
  HASH_SIGNATURE,
  hashSignature,
  type RunningClamd,
  startClamd,
} from '../../../../test/helpers/clamd.js';
import { freePort } from '../../../../test/helpers/ports.js';
import { parseClamdUrl, pingClamd, startStreamScan } from './clamd-client.js';

const HASHED = 'a harmless file the test database names by its hash\n';

async function scan(clamd: { url: string; maxStreamBytes: number }, parts: (string | Buffer)[]) {
  const s = startStreamScan({ url: clamd.url, maxStreamBytes: clamd.maxStreamBytes, timeoutMs: 60_000 });
  for (const p of parts) await s.push(Buffer.from(p));
  return s.finish();
}

describe('clamd client against a real clamd', () => {
  let clamd: RunningClamd;
  beforeAll(async () => {
    clamd = await startClamd([hashSignature(Buffer.from(HASHED))], 1024 * 1024);
  }, 330_000);
  afterAll(() => clamd?.stop());

  it('answers PING', async () => {
    expect(await pingClamd({ url: clamd.url, maxStreamBytes: 1, timeoutMs: 10_000 })).toBe(true);
  });

  it('finds the EICAR string split across chunks, and the hashed file', async () => {
    const half = EICAR.length >> 1;
    expect(await scan(clamd, ['hello ', EICAR.slice(0, half), EICAR.slice(half)])).toMatchObject({
      outcome: 'infected',
      signature: EICAR_SIGNATURE,
      partial: false,
    });
    expect(await scan(clamd, [HASHED.slice(0, 5), HASHED.slice(5)])).toMatchObject({
      outcome: 'infected',
      signature: HASH_SIGNATURE,
    });
  });

  it('calls other bytes clean, and past StreamMaxLength scans only the first part', async () => {
    expect(await scan(clamd, ['just text\n'])).toEqual({
      outcome: 'clean',
      scannedBytes: 10,
      partial: false,
    });
    const big = Buffer.alloc(700 * 1024, 'a');
    const verdict = await scan(clamd, [big, big, EICAR]);
    expect(verdict).toEqual({ outcome: 'clean', scannedBytes: 1024 * 1024, partial: true });
  });

  it('says error, never clean, when nothing listens', async () => {
    const url = `tcp://127.0.0.1:${await freePort()}`;
    expect(await pingClamd({ url, maxStreamBytes: 1, timeoutMs: 5000 })).toBe(false);
    expect(await scan({ url, maxStreamBytes: 100 }, ['x'])).toMatchObject({ outcome: 'error' });
  });
});

describe('parseClamdUrl', () => {
  it('reads tcp and unix URLs and refuses others', () => {
    expect(parseClamdUrl('tcp://127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(parseClamdUrl('unix:///run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    expect(() => parseClamdUrl('http://x:1')).toThrow();
    expect(() => parseClamdUrl('tcp://x')).toThrow();
  });
});
