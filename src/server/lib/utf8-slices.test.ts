import { expect, it } from 'vitest';
import { encodeUtf8InSlices } from './utf8-slices.js';

it('gives the bytes of Buffer.from, also when a slice boundary falls inside a surrogate pair', async () => {
  const text = `${'a'.repeat(1024 * 1024 - 1)}🎉${'é'.repeat(1000)}\u0000`;
  const { chunks, size, hasNul } = await encodeUtf8InSlices(text);
  const expected = Buffer.from(text, 'utf8');
  expect(Buffer.concat(chunks).equals(expected)).toBe(true);
  expect(size).toBe(expected.length);
  expect(hasNul).toBe(true);
  expect((await encodeUtf8InSlices('no nul')).hasNul).toBe(false);
});
