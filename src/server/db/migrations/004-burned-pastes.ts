import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * A burn paste's creator, coming back, is told when it was read instead of "not
 * found": a row per burned paste, holding nothing of its content, kept for a week.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('burned_pastes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('burned_at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('creator_token_hash', 'varchar(128)')
    .addColumn('forget_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('burned_pastes_forget_idx').on('burned_pastes').column('forget_at').execute();
}
