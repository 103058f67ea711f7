import { describe, expect, it } from 'vitest';
import type { PasteView } from '../../../../common/schemas/paste';
import { forkDraft, forkOfState, forkTitle } from './fork';

const source = {
  id: 'abc123',
  title: 'Helper',
  content: 'x = 1\n',
  privacy: 'unlisted',
  language: 'python',
} as PasteView & { content: string };

describe('forks on the create screen', () => {
  it('names a fork after its source, an untitled one as the screen does, within 80 characters', () => {
    expect(forkTitle({ id: 'abc123', title: 'Helper' })).toBe('Fork of Helper');
    expect(forkTitle({ id: 'abc123', title: null })).toBe('Fork of Paste #abc123');
    expect(forkTitle({ id: 'abc123', title: 'y'.repeat(80) })).toHaveLength(80);
  });

  it('starts from the source’s text, language and privacy, and remembers the source', () => {
    expect(forkDraft(source)).toEqual({
      content: 'x = 1\n',
      title: 'Fork of Helper',
      privacy: 'unlisted',
      expiration: null,
      language: 'python',
      forkedFrom: { id: 'abc123', title: 'Helper' },
    });
  });

  it('reads only a well-formed fork request from router state', () => {
    expect(forkOfState({ forkOf: 'abc123' })).toBe('abc123');
    for (const state of [null, undefined, 'abc', { forkOf: '' }, { forkOf: 3 }, { created: true }]) {
      expect(forkOfState(state)).toBeNull();
    }
  });
});
