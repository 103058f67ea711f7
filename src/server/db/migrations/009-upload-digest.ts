import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The sha256 of an assembled upload, computed while assembly reads the file to check it
 * is text: a client compares it with its own file's instead of downloading the paste again.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('upload_sessions').addColumn('sha256', 'varchar(64)').execute();
}
