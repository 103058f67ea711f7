import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/test-db.js';
import { blobStoreContract } from './blob-store.contract.js';
import { createLocalDiskStore } from './local-disk.js';

blobStoreContract('local disk', async () => createLocalDiskStore(tempDir('blobs-')));

it('never leaves partial files visible: failed writes are removed from the temp folder', async () => {
  const root = tempDir('blobs-');
  const store = createLocalDiskStore(root);
  await expect(store.put('pastes/abc', Buffer.alloc(2000), { maxBytes: 10 })).rejects.toThrow();
  expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  expect(fs.existsSync(path.join(root, 'pastes', 'abc'))).toBe(false);
});
