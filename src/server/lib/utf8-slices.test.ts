import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { encodeUtf8InSlices, sha256InSlices } from './utf8-slices.js';

it('gives the bytes of Buffer.from, also when a slice boundary falls inside a surrogate pair', async () => {
  const text = `${'a'.repeat(1024 * 1024 - 1)}🎉${'é'.repeat(1000)}\u0000`;
  const { chunks, size, hasNul } = await encodeUtf8InSlices(text);
  const expected = Buffer.from(text, 'utf8');
  expect(Buffer.concat(chunks).equals(expected)).toBe(true);
  expect(size).toBe(expected.length);
  expect(hasNul).toBe(true);
  expect((await encodeUtf8InSlices('no nul')).hasNul).toBe(false);
});

it('hashes to the digest of the whole text, a surrogate pair across a slice boundary included', async () => {
  const text = `${'a'.repeat(1024 * 1024 - 1)}🎉${'é'.repeat(1000)}`;
  expect(await sha256InSlices(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  expect(await sha256InSlices('')).toBe(createHash('sha256').update('').digest('hex'));
});
