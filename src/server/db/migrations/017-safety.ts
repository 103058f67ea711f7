import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

/**
 * Content rules and what they caught. `safety_rules` are the staff's rules (a phrase, a link
 * domain or an RE2 pattern, each with its action); `safety_hits` records every time one matched
 * (kept when the rule or the paste is gone: they are the numbers the Safety tab shows); a paste
 * held for review carries why in `pastes.held_reason` (null = not held), read with the paste
 * itself so the read decision costs no second query.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('safety_rules'), dialect)
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'varchar(500)', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('safety_rules_kind_value', ['kind', 'value'])
    .execute();

  await addIdColumn(db.schema.createTable('safety_hits'), dialect)
    .addColumn('rule_id', 'integer')
    .addColumn('paste_id', 'varchar(32)')
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('safety_hits_created_idx').on('safety_hits').column('created_at').execute();
  await db.schema.createIndex('safety_hits_paste_idx').on('safety_hits').column('paste_id').execute();

  await db.schema.alterTable('pastes').addColumn('held_reason', 'varchar(20)').execute();
  await db.schema.alterTable('pastes').addColumn('held_at', 'bigint').execute();
}
