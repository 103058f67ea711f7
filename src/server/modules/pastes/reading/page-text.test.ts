import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../../test/helpers/test-db.js';
import { createLocalDiskStore, newBlobKey } from '../../../infra/blob-store/index.js';
import { textPrefixOf } from './page-text.js';

const root = tempDir('pasteshare-prefix-');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a text’s prefix', () => {
  it('reads at most so many bytes of a blob, leaving out a character cut in half', async () => {
    const blobs = createLocalDiskStore(root);
    const key = newBlobKey('pastes');
    const text = 'é'.repeat(3_000);
    await blobs.put(key, Buffer.from(text));
    const row = { content: null, blob_key: key, size_bytes: 6_000 };
    // 5 bytes: two characters and half of a third.
    expect(await textPrefixOf(row, blobs, 5)).toBe('éé');
    expect(await textPrefixOf(row, blobs, 6)).toBe('ééé');
    expect(await textPrefixOf(row, blobs, 10_000)).toBe(text);
    expect(await textPrefixOf({ ...row, size_bytes: 0 }, blobs, 5)).toBe('');
  });

  it('takes text kept in its row from the row', async () => {
    const blobs = createLocalDiskStore(root);
    expect(await textPrefixOf({ content: 'abcdef', blob_key: null, size_bytes: 6 }, blobs, 4)).toBe('abcd');
  });
});
