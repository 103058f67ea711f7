import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * A chunk is registered as being written before its first byte lands: finalize
 * refuses while one is, and no chunk can start once finalize has, so the bytes the assembly
 * checks are the bytes the paste keeps.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('upload_chunks')
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('written'))
    .execute();
}
