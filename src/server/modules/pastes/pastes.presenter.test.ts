import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PasteView } from '../../../common/schemas/paste.js';
import { pasteViewJson } from './pastes.presenter.js';
import type { PasteWithAuthor } from './pastes.repository.js';

const base: PasteView = {
  id: 'abcDEF123_-x',
  title: 'T "quoted" \\ title',
  privacy: 'public',
  expiration: '1d',
  expiresAt: '2026-11-23T00:00:00.000Z',
  burnAfterReading: false,
  viewCount: 3,
  createdAt: '2026-11-22T00:00:00.000Z',
  username: 'Anonymous',
  userRole: null,
  isExtreme: false,
  contentSizeMB: 0,
  sizeBytes: 1,
  requiresPassword: false,
  isOwner: false,
  staffAccess: false,
};

describe('paste view JSON', () => {
  it('reads back exactly as JSON.stringify would write it, whatever the content and its length', () => {
    const content = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 600 }),
      fc.string({ unit: 'binary', minLength: 512, maxLength: 3000 }),
      fc.string({ unit: 'grapheme', minLength: 60_000, maxLength: 70_000 }),
    );
    fc.assert(
      fc.property(content, fc.nat(), (text, views) => {
        const view = { ...base, viewCount: views, content: text };
        const row = { content: text } as PasteWithAuthor;
        // Twice with the row: the second answer uses the content's JSON kept with the row.
        for (let i = 0; i < 2; i++) {
          expect(pasteViewJson(view, row)).toBe(JSON.stringify(view));
          expect(JSON.parse(pasteViewJson(view, row))).toEqual(view);
        }
        expect(pasteViewJson(view)).toBe(JSON.stringify(view));
        // Content that is not the row's own (a placeholder, a blob) is written as it is.
        const other = { ...view, content: `${text}!` };
        expect(pasteViewJson(other, row)).toBe(JSON.stringify(other));
      }),
      { numRuns: 60 },
    );
  });

  it('writes a view without content (locked, extreme) as it is', () => {
    const locked = { ...base, requiresPassword: true };
    expect(pasteViewJson(locked)).toBe(JSON.stringify(locked));
  });
});
