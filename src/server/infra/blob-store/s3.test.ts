import { afterAll, beforeAll } from 'vitest';
import { type S3Server, startS3Server } from '../../../../test/helpers/s3-server.js';
import { blobStoreContract } from './blob-store.contract.js';
import { createS3Store } from './s3.js';

let server: S3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server?.stop());

// S3 refuses parts under 5 MiB except the last.
blobStoreContract(
  'S3 (OpenStack Swift s3api)',
  async () => createS3Store(server.options(await server.bucket())),
  5 * 1024 * 1024,
);
