import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

/**
 * Backups made on a schedule (BACKUP_INTERVAL_HOURS), kept in the blob store. `slot` is the
 * interval a backup belongs to; its unique index makes exactly one instance write each one.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('scheduled_backups'), dialect)
    .addColumn('slot', 'bigint', (c) => c.notNull().unique())
    .addColumn('blob_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
}
