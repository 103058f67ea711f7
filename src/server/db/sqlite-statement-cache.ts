import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * better-sqlite3 prepares a statement for every query Kysely runs; preparing costs more than
 * running a point read. Kysely produces the same SQL text for the same query shape, so statements
 * are kept by text (bounded, least recently used first out). Safe because better-sqlite3 runs one
 * statement at a time and we never stream (iterate) a cached statement.
 */
export type StatementCache = SqliteDatabase & { prepare(sql: string): Statement };

export function withStatementCache(sqlite: SQLiteDatabase, max = 500): StatementCache {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
