import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The tags a chunked upload's paste will carry, given at init and written with the paste at
 * finalize: space-separated (a tag has no space), null for none.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('upload_sessions').addColumn('tags', 'varchar(400)').execute();
}
