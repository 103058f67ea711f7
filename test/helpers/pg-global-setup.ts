import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL suites each migrate a schema of their own, dropped when its last app closes
 * (test-db.ts). What a crashed or interrupted suite leaves is dropped here, after the whole run
 * (only this run's: their names carry the run id).
 */
export default function setup() {
  const run = randomBytes(4).toString('hex');
  process.env.PASTESHARE_TEST_RUN = run;
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ nspname: string }>(
      'select nspname from pg_namespace where nspname like $1',
      [`t\\_${run}\\_%`],
    );
    for (const { nspname } of rows) await client.query(`drop schema "${nspname}" cascade`);
    await client.end();
  };
}

/** A schema name for one suite of this run. */
export function testSchemaName(): string {
  return `t_${process.env.PASTESHARE_TEST_RUN ?? 'local'}_${randomBytes(5).toString('hex')}`;
}
