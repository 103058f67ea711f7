import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PgScratch {
  /** DATABASE_URL for the server. */
  url: string;
  /** What was created, for the report: `database x` or `schema x`. */
  label: string;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty place for one server run. By default a whole database: the server's migrator
 * (Kysely) looks for its bookkeeping table in every schema of the database, so a scratch schema
 * next to others holding `kysely_migration` (test suites create such schemas) is not reliably
 * fresh. `schema` isolation is available when CREATE DATABASE is not allowed; it is also the
 * fallback when CREATE DATABASE is refused for lack of privilege.
 */
export async function freshPostgres(baseUrl: string, isolation: 'database' | 'schema'): Promise<PgScratch> {
  const name = `pasteshare_bench_${randomBytes(5).toString('hex')}`;
  if (isolation === 'database') {
    try {
      await withClient(baseUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        label: `database ${name}`,
        drop: () =>
          withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(),
      };
    } catch (e) {
      if ((e as { code?: string }).code !== '42501') throw e;
      console.warn(`CREATE DATABASE refused (${(e as Error).message}); using a schema instead`);
    }
  }
  await withClient(baseUrl, (c) => c.query(`CREATE SCHEMA "${name}"`));
  const url = new URL(baseUrl);
  // pg passes `options` to the server at connection start; every pooled connection gets it.
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    url: url.toString(),
    label: `schema ${name}`,
    drop: () => withClient(baseUrl, (c) => c.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)).then(),
  };
}
