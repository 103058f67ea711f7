import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Db } from './kysely.js';

/**
 * A hot query, built and compiled by Kysely once per database and then run on the driver itself:
 * on SQLite a cached better-sqlite3 statement run synchronously, on PostgreSQL a named prepared
 * statement (parsed and planned once per connection). Kysely's per-call building, compiling and
 * connection handling cost more than a point read. `build` receives sentinel arguments; the
 * compiled SQL keeps their positions, and each call substitutes the real values there.
 *
 * While a Kysely transaction is open on the SQLite connection (it spans awaits), a statement run
 * beside it would see that transaction's uncommitted rows, so the query then waits its turn
 * through Kysely like any other.
 */
export function preparedQuery<A extends unknown[], R>(
  name: string,
  arity: number,
  build: (db: Kysely<any>, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<R>; slots: (number | null)[] }>();
  const sentinels = Array.from({ length: arity }, (_, i) => `\u0000arg${i}\u0000`);
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db.kysely, ...(sentinels as A)).compile();
      const slots = query.parameters.map((p) => {
        const i = sentinels.indexOf(p as string);
        return i === -1 ? null : i;
      });
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i] === null ? p : args[slots[i]!]));
    const { driver } = db;
    if (driver.dialect === 'sqlite' && !driver.sqlite.inTransaction) {
      return driver.statements.prepare(query.sql).all(parameters) as R[];
    }
    if (driver.dialect === 'postgres') {
      return (await driver.pool.query({ name, text: query.sql, values: parameters })).rows as R[];
    }
    return (await db.kysely.executeQuery<R>({ ...query, parameters })).rows;
  };
}
