import { describe, expect, it } from 'vitest';
import { EXTREME_PASTE_BYTES } from '../../../../common/constants';
import {
  fromBase64,
  importKeyText,
  LineCounter,
  openLineTable,
  PSE1,
  sealedSize,
  toBase64,
} from '../../../../common/paste-crypto/index';
import { openPaste } from './open-paste';
import { sealPaste } from './seal-paste';

const TEXT = 'héllo ✓\nsecond line\n'.repeat(3);

describe('sealPaste', () => {
  it('seals the line table of a text over 10 MB once sealed, and sends none for a smaller one', async () => {
    expect((await sealPaste(TEXT, '')).sealedLineTable).toBeUndefined();
    // Just under 10 MB of text seals to just over: the server will call it extreme, so it gets one.
    const under = 'a'.repeat(EXTREME_PASTE_BYTES - 100);
    expect(sealedSize(under.length)).toBeGreaterThan(EXTREME_PASTE_BYTES);
    expect((await sealPaste(under, '')).sealedLineTable).toBeDefined();
    const small = 'a'.repeat(EXTREME_PASTE_BYTES - 1000);
    expect(sealedSize(small.length)).toBeLessThanOrEqual(EXTREME_PASTE_BYTES);
    expect((await sealPaste(small, '')).sealedLineTable).toBeUndefined();
    const text = 'ünïcode line\n'.repeat(Math.ceil(EXTREME_PASTE_BYTES / 14) + 10);
    const plain = new TextEncoder().encode(text);
    expect(plain.length).toBeGreaterThan(EXTREME_PASTE_BYTES);
    const sealed = await sealPaste(text, '');
    const counter = new LineCounter(2 ** PSE1.DEFAULT_CHUNK_LOG2);
    counter.add(plain);
    const expected = counter.finish();
    const layout = {
      chunkBytes: 2 ** PSE1.DEFAULT_CHUNK_LOG2,
      chunks: expected.chunks,
      plainBytes: plain.length,
    };
    const key = (await importKeyText(sealed.keyText))!;
    const table = await openLineTable(key, fromBase64(sealed.sealedLineTable!), layout);
    expect(table).toEqual(expected);
    expect(table?.totalLines).toBe(text.split('\n').length - 1); // it ends with a line end
  });
});

describe('sealPaste then openPaste', () => {
  it('gives back the title, the text and its UTF-8 size with the right key', async () => {
    const sealed = await sealPaste(TEXT, 'my title');
    expect(sealed.keyText).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sealed.content).not.toContain('second line');
    expect(await openPaste(sealed.keyText, sealed.sealedTitle, sealed.content)).toEqual({
      kind: 'open',
      title: 'my title',
      content: TEXT,
      sizeBytes: new TextEncoder().encode(TEXT).byteLength,
    });
  });

  it('opens the title alone when the view carries no text (burn prompt, extreme paste)', async () => {
    const sealed = await sealPaste(TEXT, '');
    expect(await openPaste(sealed.keyText, sealed.sealedTitle, undefined)).toEqual({
      kind: 'open',
      title: '',
    });
  });

  it('says wrong-key for another paste’s key or a key of the wrong shape', async () => {
    const a = await sealPaste(TEXT, 't');
    const b = await sealPaste(TEXT, 't');
    expect(await openPaste(b.keyText, a.sealedTitle, a.content)).toEqual({ kind: 'wrong-key' });
    expect(await openPaste(a.keyText.slice(0, 42), a.sealedTitle, a.content)).toEqual({ kind: 'wrong-key' });
  });

  it('says undecryptable, with no text, when one byte of the sealed text is flipped or it is cut short', async () => {
    const sealed = await sealPaste(TEXT, 't');
    const bytes = fromBase64(sealed.content);
    const flipped = bytes.slice();
    flipped[bytes.length - 20] = (flipped[bytes.length - 20] ?? 0) ^ 1;
    expect(await openPaste(sealed.keyText, sealed.sealedTitle, toBase64(flipped))).toEqual({
      kind: 'undecryptable',
    });
    const cut = toBase64(bytes.subarray(0, bytes.length - 1));
    expect(await openPaste(sealed.keyText, sealed.sealedTitle, cut)).toEqual({ kind: 'undecryptable' });
    expect(await openPaste(sealed.keyText, sealed.sealedTitle, 'not base64!')).toEqual({
      kind: 'undecryptable',
    });
  });

  it('opens the sealed bytes themselves (read raw, as the admin panel does for a large paste)', async () => {
    const sealed = await sealPaste(TEXT, 't');
    const other = await sealPaste(TEXT, 't');
    const bytes = fromBase64(sealed.content);
    expect(await openPaste(sealed.keyText, sealed.sealedTitle, bytes)).toMatchObject({
      kind: 'open',
      content: TEXT,
    });
    expect(await openPaste(other.keyText, sealed.sealedTitle, bytes)).toEqual({ kind: 'wrong-key' });
  });
});
