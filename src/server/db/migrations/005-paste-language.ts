import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/** The language a paste was created as; null = detected when shown, as before. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('pastes').addColumn('language', 'varchar(32)').execute();
  await db.schema.alterTable('upload_sessions').addColumn('language', 'varchar(32)').execute();
}
