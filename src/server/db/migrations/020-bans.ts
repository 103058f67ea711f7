import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

/**
 * Bans and what the optional holds read. `bans` holds the active suspensions of accounts and bans
 * of addresses or ranges (a lifted or ended ban is deleted: the audit log keeps its history); a
 * suspension goes with its account. A paste keeps the address it was created from
 * (`creator_ip`: "delete everything by this address") and, while the identical-paste hold is on,
 * a digest of its text (`content_hash`: the same text from many addresses within the hour).
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('bans'), dialect)
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(60)')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('hide_pastes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(30)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('bans_user_idx').on('bans').column('user_id').execute();

  await db.schema.alterTable('pastes').addColumn('creator_ip', 'varchar(45)').execute();
  await db.schema.alterTable('pastes').addColumn('content_hash', 'varchar(64)').execute();
  await db.schema.createIndex('pastes_creator_ip_idx').on('pastes').column('creator_ip').execute();
  await db.schema
    .createIndex('pastes_content_hash_idx')
    .on('pastes')
    .columns(['content_hash', 'created_at'])
    .execute();
}
