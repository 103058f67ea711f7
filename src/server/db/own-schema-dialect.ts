import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/**
 * PostgreSQL whose introspection sees our own schema only. Kysely's migrator asks whether its two
 * bookkeeping tables exist by listing every table and column of every schema in the database: on
 * a database shared with other schemas (other sites, a test run's hundreds) that was most of a
 * migration's time, and failed when another schema was dropped while it read. Nothing else in
 * pasteshare introspects, so tables come back without their columns.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    /** The schema migrations go to; unset, the connection's current schema. */
    private readonly schema: string | undefined,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    const schema = this.schema ?? null;
    return {
      async getSchemas(): Promise<SchemaMetadata[]> {
        const { rows } = await sql<{ name: string }>`
          select nspname as name from pg_catalog.pg_namespace
          where nspname = coalesce(${schema}::text, current_schema())`.execute(db);
        return rows;
      },
      async getTables(): Promise<TableMetadata[]> {
        const { rows } = await sql<{ name: string; schema: string; type: string }>`
          select table_name as name, table_schema as schema, table_type as type
          from information_schema.tables
          where table_schema = coalesce(${schema}::text, current_schema())`.execute(db);
        return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.type === 'VIEW', columns: [] }));
      },
      async getMetadata(): Promise<DatabaseMetadata> {
        return { tables: await this.getTables() };
      },
    };
  }
}
