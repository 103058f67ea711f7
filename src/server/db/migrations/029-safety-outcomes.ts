import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

/**
 * What the safety tools did, one row per outcome (refused, held, approved, deleted, unlisted,
 * blocked) with why (a HoldReason) and the rule when one decided: the Safety tab's numbers per day
 * by reason, kept when the paste is gone. A reporter is told how their report was decided: a
 * notice for an account (`account_notices`, until dismissed), and a mail to the address a visitor
 * may give (`reports.reporter_email`, erased once the report is decided).
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('safety_outcomes'), dialect)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('rule_id', 'integer')
    .addColumn('paste_id', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('safety_outcomes_created_idx')
    .on('safety_outcomes')
    .column('created_at')
    .execute();

  await addIdColumn(db.schema.createTable('account_notices'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('paste_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('paste_title', 'varchar(80)')
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_notices_user_idx').on('account_notices').column('user_id').execute();

  await db.schema.alterTable('reports').addColumn('reporter_email', 'varchar(254)').execute();
}
