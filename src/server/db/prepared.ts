import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

/**
 * A hot query built and compiled once per database instead of on every call (Kysely's building
 * and compiling cost more than a point read). `build` receives sentinel arguments; the compiled
 * SQL keeps their positions, and each call substitutes the real values there.
 */
export function preparedQuery<A extends unknown[], R>(
  arity: number,
  build: (db: Kysely<any>, ...args: A) => Compilable<R>,
): (db: Kysely<any>, ...args: A) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<Kysely<any>, { query: CompiledQuery<R>; slots: (number | null)[] }>();
  const sentinels = Array.from({ length: arity }, (_, i) => `\u0000arg${i}\u0000`);
  return (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db, ...(sentinels as A)).compile();
      const slots = query.parameters.map((p) => {
        const i = sentinels.indexOf(p as string);
        return i === -1 ? null : i;
      });
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i] === null ? p : args[slots[i]!]));
    return db.executeQuery<R>({ ...query, parameters });
  };
}
