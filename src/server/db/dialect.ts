import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

/** What differs between SQLite and PostgreSQL lives here and nowhere else. */
export type DialectName = 'sqlite' | 'postgres';

export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/** Unique-constraint violations, as each driver reports them. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: string };
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Case-insensitive "contains" for search boxes. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
}

export type AnyDb = Kysely<any>;
