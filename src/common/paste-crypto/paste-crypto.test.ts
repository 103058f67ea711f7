import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createOpenStream,
  createSealStream,
  DecryptError,
  fromBase64,
  generateKey,
  importKeyText,
  isKeyText,
  isValidSealedLayout,
  openBytes,
  openText,
  openTitle,
  PSE1,
  plainSize,
  sealBytes,
  sealedSize,
  sealText,
  sealTitle,
  toBase64,
} from './index.js';

// The test vectors of docs/encryption.md: key bytes 00..1f, nonce prefix a0..a6, 4 KiB chunks.
const KEY_TEXT = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const PREFIX = Uint8Array.from([0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6]);
const FIXED = { chunkLog2: 12, noncePrefix: PREFIX };
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const vectorKey = async () => (await importKeyText(KEY_TEXT))!;
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

async function streamed(
  input: Uint8Array,
  transform: TransformStream<Uint8Array, Uint8Array>,
  cut: number[],
) {
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const n of [...cut, input.length]) {
    pieces.push(input.subarray(at, Math.min(at + n, input.length)));
    at = Math.min(at + n, input.length);
    if (at === input.length) break;
  }
  const out = await new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of pieces) c.enqueue(p);
        c.close();
      },
    }).pipeThrough(transform),
  ).arrayBuffer();
  return new Uint8Array(out);
}

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DecryptError) return e.reason;
    throw e;
  }
  return 'opened';
}

describe('pse1 test vectors (docs/encryption.md)', () => {
  it('"pasteshare" in one chunk', async () => {
    const sealed = await sealBytes(await vectorKey(), new TextEncoder().encode('pasteshare'), FIXED);
    expect(hex(sealed)).toBe(
      '505345010ca0a1a2a3a4a5a60000000007003a6add7588a17100175c676b1603ccdce304498704c9da77',
    );
  });

  it('matches AES-256-GCM computed by node:crypto (nonce = prefix, index, final flag; AAD = header)', async () => {
    const sealed = await sealBytes(await vectorKey(), bytes(4096 + 5), FIXED);
    const header = sealed.subarray(0, 16);
    const raw = Buffer.from(Uint8Array.from({ length: 32 }, (_, i) => i));
    const expected = [header];
    for (const [index, part, final] of [
      [0, bytes(4096 + 5).subarray(0, 4096), 0],
      [1, bytes(4096 + 5).subarray(4096), 1],
    ] as const) {
      const nonce = Buffer.concat([PREFIX, Buffer.from([0, 0, 0, index, final])]);
      const c = createCipheriv('aes-256-gcm', raw, nonce).setAAD(header);
      expected.push(Buffer.concat([c.update(part), c.final(), c.getAuthTag()]));
    }
    expect(hex(sealed)).toBe(hex(Buffer.concat(expected)));
    expect(sealed.length).toBe(4149);
    expect(createHash('sha256').update(sealed).digest('hex')).toBe(
      '0d3cd7aa754091cf898171d981fd8196ebd299bcd30a53ebf0cae7d0ad19bcfd',
    );
  });

  it('empty plaintext is one empty final chunk', async () => {
    const sealed = await sealBytes(await vectorKey(), new Uint8Array(0), FIXED);
    expect(hex(sealed)).toBe('505345010ca0a1a2a3a4a5a6000000006ed808e7d4d0ab5b6f60e05517269ca4');
    expect(await openBytes(await vectorKey(), sealed)).toEqual(new Uint8Array(0));
  });

  it('a title is a one-chunk stream in base64url', async () => {
    const key = await vectorKey();
    const sealed = await sealTitle(key, 'Hello', { noncePrefix: PREFIX });
    expect(sealed).toBe('UFNFAQygoaKjpKWmAAAAAD8EJXLXbwM7x-R39wYZoECbnD4o6w');
    expect(await openTitle(key, sealed)).toBe('Hello');
  });
});

describe('sealing and opening', () => {
  const C = 4096;
  const sizes = [0, 1, C - 1, C, C + 1, 2 * C, 2 * C + 1, 5 * C + 17];

  it('round-trips across chunk boundaries, whole and streamed in any cut; the stream seals the same bytes', async () => {
    const key = await generateKey();
    for (const size of sizes) {
      const plain = crypto.getRandomValues(new Uint8Array(size));
      const sealed = await sealBytes(key, plain, FIXED);
      expect(sealed.length).toBe(sealedSize(size, 12));
      expect(plainSize(sealed.length, 12)).toBe(size);
      expect(isValidSealedLayout(sealed.length, 12)).toBe(true);
      expect(await openBytes(key, sealed)).toEqual(plain);
      for (const cut of [[1], [7, 4095, 1], [C], [C + 16], [3 * C + 5]]) {
        expect(hex(await streamed(plain, createSealStream(key, FIXED), cut))).toBe(hex(sealed));
        expect(await streamed(sealed, createOpenStream(key), cut)).toEqual(plain);
      }
    }
  });

  it('text and titles round-trip, including astral characters', async () => {
    const key = await generateKey();
    const text = 'line 1\r\nlíne 2 😀\u2028end';
    expect(await openText(key, await sealText(key, text))).toBe(text);
    expect(await openTitle(key, await sealTitle(key, 'Τίτλος 😀'))).toBe('Τίτλος 😀');
  });

  it('every altered byte, a moved, dropped or added chunk, a cut end and a wrong key are refused', async () => {
    const key = await generateKey();
    const plain = bytes(3 * C + 10);
    const sealed = await sealBytes(key, plain, FIXED);
    const chunk = C + 16;
    const part = (i: number) =>
      sealed.subarray(16 + i * chunk, Math.min(16 + (i + 1) * chunk, sealed.length));
    const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
    const header = sealed.subarray(0, 16);

    for (const at of [16, 16 + C, 16 + chunk + 5, sealed.length - 1]) {
      const flipped = sealed.slice();
      flipped[at]! ^= 1;
      expect(await failure(openBytes(key, flipped))).toBe('key-or-tampered');
      expect(await failure(streamed(flipped, createOpenStream(key), [C]))).toBe('key-or-tampered');
    }
    const swapped = join(header, part(1), part(0), part(2), part(3));
    expect(await failure(openBytes(key, swapped))).toBe('key-or-tampered');
    // Cut after a whole chunk: its chunk would open as a middle one, so the end is missing.
    const cut = join(header, part(0), part(1));
    expect(await failure(openBytes(key, cut))).toBe('truncated');
    expect(await failure(streamed(cut, createOpenStream(key), [100]))).toBe('truncated');
    const dropped = join(header, part(0), part(2), part(3));
    expect(await failure(openBytes(key, dropped))).toBe('key-or-tampered');
    const extra = join(sealed, part(3));
    expect(await failure(streamed(extra, createOpenStream(key), [C]))).toBe('key-or-tampered');
    expect(await failure(openBytes(await generateKey(), sealed))).toBe('key-or-tampered');
    expect(await failure(openTitle(await generateKey(), await sealTitle(key, 'x')))).toBe('key-or-tampered');
  });

  it('a header this version does not read is a format error; so is a malformed layout', async () => {
    const key = await generateKey();
    const sealed = await sealBytes(key, bytes(10), FIXED);
    for (const [at, value] of [
      [0, 0x51],
      [3, 2],
      [4, 11],
      [4, 25],
      [15, 1],
    ] as const) {
      const bad = sealed.slice();
      bad[at] = value;
      expect(await failure(openBytes(key, bad))).toBe('format');
    }
    expect(await failure(openBytes(key, sealed.subarray(0, 31)))).toBe('format');
    expect(await failure(streamed(sealed.subarray(0, 10), createOpenStream(key), [3]))).toBe('format');
    expect(await failure(streamed(new Uint8Array(0), createOpenStream(key), []))).toBe('truncated');
    expect(await failure(openTitle(key, 'not base64url!'))).toBe('format');
    expect(isValidSealedLayout(16 + 4112 + 16, 12)).toBe(false); // an empty chunk after a full one
    expect(isValidSealedLayout(16 + 4112 + 17, 12)).toBe(true);
    expect(isValidSealedLayout(31, 12)).toBe(false);
    expect(isValidSealedLayout(100, 30)).toBe(false);
  });
});

describe('keys and base64', () => {
  it('a link key is 43 canonical base64url characters of 32 bytes', async () => {
    expect(isKeyText(KEY_TEXT)).toBe(true);
    expect(isKeyText(`${KEY_TEXT.slice(0, 42)}h`)).toBe(false); // non-zero trailing bits
    expect(isKeyText(KEY_TEXT.slice(1))).toBe(false);
    expect(isKeyText(`${KEY_TEXT.slice(0, 42)}+`)).toBe(false);
    expect(await importKeyText('nope')).toBeNull();
  });

  it('base64 round-trips any bytes and refuses what is not base64', () => {
    const all = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    expect(fromBase64(toBase64(all))).toEqual(all);
    expect(toBase64(all)).toBe(Buffer.from(all).toString('base64'));
    expect(() => fromBase64('ab$c')).toThrow(SyntaxError);
    expect(() => fromBase64('abcde')).toThrow(SyntaxError);
  });
});

it('PSE1 constants are the documented ones', () => {
  expect(PSE1).toMatchObject({ HEADER_BYTES: 16, TAG_BYTES: 16, DEFAULT_CHUNK_LOG2: 20, MIN_CHUNK_LOG2: 12 });
});
