import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pasteRow } from '../../../../test/helpers/pastes.js';
import type { PasteView } from '../../../common/schemas/paste.js';
import type { PasteWithAuthor } from './live-paste.repository.js';
import { pasteViewJson, presentPasteMeta, viewFactsJson, withholdContentFacts } from './pastes.presenter.js';

function rowWith(content: string, title: string | null, vip: boolean): PasteWithAuthor {
  return {
    ...pasteRow('abcDEF123_-x', { content, title, view_count: 7, user_id: vip ? 3 : null }),
    // As the database quotes it (pastes.repository.test.ts proves the two equal on both dialects).
    content_json: JSON.stringify(content),
    expires_at: 1_795_000_000_000,
    created_at: 1_794_900_000_000,
    author_username: vip ? 'vip "one"' : null,
    author_role: vip ? 'vip' : null,
    author_banner_url: vip ? 'https://i.imgur.com/x.png' : null,
    author_banner_link: null,
    author_vip_activated_at: vip ? 1 : null,
  } as PasteWithAuthor;
}

describe('paste view JSON', () => {
  it('is the text JSON.stringify writes, whatever the content, title and count, read after read', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 600 }),
      fc.string({ unit: 'grapheme', minLength: 2_000, maxLength: 70_000 }),
    );
    fc.assert(
      fc.property(
        text,
        fc.option(fc.string({ unit: 'binary', maxLength: 80 })),
        fc.boolean(),
        fc.nat(),
        (content, title, vip, extra) => {
          const row = rowWith(content, title, vip);
          for (let read = 0; read < 3; read++) {
            // As the service builds it: presented, content set last, the count moving.
            const view = presentPasteMeta(row, row.view_count + extra + read);
            view.content = row.content!;
            expect(pasteViewJson(view, row)).toBe(JSON.stringify(view));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes views that are not plain (owner, staff, unlocked, locked, extreme, not the row’s content) as they are', () => {
    const row = rowWith('line 1\nline "2"\n', 'T', false);
    const variants: Array<(v: PasteView) => void> = [
      (v) => (v.isOwner = true),
      (v) => (v.staffAccess = true),
      (v) => (v.accessToken = 'grant'),
      (v) => {
        v.requiresPassword = true;
        v.content = undefined;
        withholdContentFacts(v);
      },
      (v) => {
        v.content = undefined;
        v.downloadUrl = '/api/pastes/x/download';
      },
      (v) => (v.content = '__PROCESSING__'),
    ];
    for (const change of variants) {
      const view = presentPasteMeta(row, 8);
      view.content = row.content!;
      change(view);
      expect(pasteViewJson(view, row)).toBe(JSON.stringify(view));
    }
  });
});

describe('a view’s facts for the page cache', () => {
  const factsOf = (view: PasteView) => {
    const { content: _text, viewCount: _count, ...facts } = view;
    return JSON.stringify(facts);
  };

  it('are the view but its text and count; for a plain view of a kept row, the same text at every read', () => {
    const row = rowWith('some text\n', 'Title', true);
    const first = presentPasteMeta(row, 8);
    first.content = row.content!;
    const again = presentPasteMeta(row, 9);
    again.content = row.content!;
    const json = viewFactsJson(first, row, true);
    expect(json).toBe(factsOf(first));
    expect(json).not.toContain('viewCount');
    expect(json).not.toContain('some text');
    expect(viewFactsJson(again, row, true)).toBe(json);
  });

  it('of a view that is not plain, or of a row not kept, are written anew from the view', () => {
    const row = rowWith('some text\n', 'Title', false);
    const plain = presentPasteMeta(row, 8);
    viewFactsJson(plain, row, true);
    const owner = presentPasteMeta(row, 8);
    owner.isOwner = true;
    expect(viewFactsJson(owner, row, true)).toBe(factsOf(owner));
    const forked = presentPasteMeta(row, 8);
    forked.forkedFrom = { id: 'src12345678x', title: 'Source' };
    expect(viewFactsJson(forked, row, true)).toContain('"forkedFrom"');
    const other = rowWith('some text\n', 'Other title', false);
    const unkept = presentPasteMeta(other, 8);
    expect(viewFactsJson(unkept, other, false)).toContain('Other title');
  });
});
