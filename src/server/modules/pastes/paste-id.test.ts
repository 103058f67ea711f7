import { describe, expect, it } from 'vitest';
import { newPasteId } from './paste-id.js';
import { PASTE_ID_PATTERN } from './reading/paste-reader.js';

describe('a new paste id', () => {
  it('is 12 base64url characters and never starts with "-" (a command line would read an option)', () => {
    const ids = Array.from({ length: 5_000 }, newPasteId);
    expect(ids.filter((id) => !PASTE_ID_PATTERN.test(id) || id.length !== 12)).toEqual([]);
    expect(ids.filter((id) => id.startsWith('-'))).toEqual([]);
    // Still random: '-' and '_' appear inside ids.
    expect(ids.some((id) => id.includes('-'))).toBe(true);
  });
});
