import fc from 'fast-check';
import { expect, it } from 'vitest';
import { withTestApp } from '../../../../test/helpers/test-app.js';

// Many generated pastes from one address: the creation limit is raised out of the way.
const t = withTestApp({
  env: { MAX_PASTE_BYTES: String(4 * 1024 * 1024), PASTE_CREATE_PER_IP_PER_MIN: '100000' },
  each: false,
});

const content = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
    fc.constantFrom(
      'a\r\nb\r\n',
      '\u0000\u0001\u0002',
      '🎉👩‍👩‍👧‍👦',
      'x'.repeat(300_000),
      `long line ${'y'.repeat(70_000)}`,
    ),
  )
  .filter((s) => s.trim().length > 0 && isWellFormed(s));

/** Lone surrogates are not text: UTF-8 cannot carry them, so they are outside the property. */
function isWellFormed(s: string): boolean {
  return !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));
}

it('returns any content byte-exact through JSON, raw and download', async () => {
  const client = t.client();
  await fc.assert(
    fc.asyncProperty(content, async (text) => {
      const created = await client.post('/api/pastes', { content: text });
      expect(created.status).toBe(201);
      const id = created.body.id;
      expect((await client.get(`/api/pastes/${id}`)).body.content).toBe(text);
      const raw = await fetch(`${t.baseUrl}/raw/${id}`);
      expect(Buffer.from(await raw.arrayBuffer()).equals(Buffer.from(text, 'utf8'))).toBe(true);
    }),
    { numRuns: 60 },
  );
});
