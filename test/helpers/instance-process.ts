/**
 * Another instance of the site in a process of its own, so a test can kill it with SIGKILL (a
 * crash, not a clean stop). Run as `node --import tsx test/helpers/instance-process.ts` with the
 * site's environment plus INSTANCE_PG_SCHEMA for a PostgreSQL test schema; prints `PORT=<n>`.
 */
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDb } from '../../src/server/db/kysely.js';

const config = loadConfig(process.env);
const schema = process.env.INSTANCE_PG_SCHEMA;
const db = openDb({
  dataDir: config.dataDir,
  databaseUrl: schema ? process.env.TEST_DATABASE_URL : undefined,
  pgSchema: schema,
});
const app = await buildApp(config, { db, webRoot: `${config.dataDir}/no-web-build` });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`PORT=${typeof address === 'object' && address ? address.port : 0}\n`);
