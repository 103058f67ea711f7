import type { Statement } from 'better-sqlite3';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DialectName } from './dialect.js';
import type { Db } from './kysely.js';

/** A row as the values of its columns, in the order the query selects them. */
export type RowValues = unknown[];

/**
 * The answer at once when the driver has it (SQLite runs synchronously), a promise otherwise: a
 * cold read went ~4 % faster without the two promises it would wait on for nothing.
 */
export type PromiseOrValue<T> = T | Promise<T>;

/**
 * A hot query, built and compiled by Kysely once per database and then run on the driver itself:
 * on SQLite a better-sqlite3 statement of its own run synchronously, on PostgreSQL a named prepared
 * statement (parsed and planned once per connection). Kysely's per-call building, compiling and
 * connection handling cost more than a point read. `build` receives sentinel arguments; the
 * compiled SQL keeps their positions, and each call substitutes the real values there.
 *
 * Rows come back as arrays of values (better-sqlite3's raw mode, pg's rowMode 'array'): an object
 * a driver builds column by column becomes a slow dictionary past a dozen or so properties, and
 * every later read of a field pays for it. The caller builds its row as one object literal.
 *
 * While a Kysely transaction is open on the SQLite connection (it spans awaits), a statement run
 * beside it would see that transaction's uncommitted rows, so the query then waits its turn
 * through Kysely like any other. Otherwise SQLite answers synchronously (see PromiseOrValue).
 */
export function preparedQuery<A extends unknown[]>(
  name: string,
  arity: number,
  build: (db: Kysely<any>, dialect: DialectName, ...args: A) => Compilable<unknown>,
): (db: Db, ...args: A) => PromiseOrValue<RowValues[]> {
  const compiled = new WeakMap<
    Db,
    { query: CompiledQuery<unknown>; slots: (number | null)[]; statement: Statement | null }
  >();
  const sentinels = Array.from({ length: arity }, (_, i) => `\u0000arg${i}\u0000`);
  return (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db.kysely, db.dialect, ...(sentinels as A)).compile();
      const slots = query.parameters.map((p) => {
        const i = sentinels.indexOf(p as string);
        return i === -1 ? null : i;
      });
      // Its own statement, not the shared cache's: raw mode is a setting of the statement.
      const statement = db.driver.dialect === 'sqlite' ? db.driver.sqlite.prepare(query.sql).raw(true) : null;
      entry = { query, slots, statement };
      compiled.set(db, entry);
    }
    const { query, slots, statement } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i] === null ? p : args[slots[i]!]));
    const { driver } = db;
    if (driver.dialect === 'sqlite' && !driver.sqlite.inTransaction) {
      return statement!.all(parameters) as RowValues[];
    }
    if (driver.dialect === 'postgres') {
      return driver.pool
        .query({ name, text: query.sql, values: parameters, rowMode: 'array' })
        .then((result) => result.rows as RowValues[]);
    }
    // Objects from better-sqlite3 keep their columns in select order.
    return db.kysely
      .executeQuery({ ...query, parameters })
      .then((result) => result.rows.map((r) => Object.values(r as object)));
  };
}
