import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

/**
 * Collections: a named, ordered set of pastes, owned by a person (`user_id`) or a team
 * (`team_id`; exactly one of the two is set), with a privacy of its own. `collection_pastes` keeps
 * the order (`position`, ascending); `collection_shares` names the people and teams a shared
 * collection is for, as `paste_shares` does for pastes. Entries and grants go with their
 * collection, paste, person or team (cascade); a collection goes with its owner.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('privacy', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('collections_user_idx').on('collections').column('user_id').execute();
  await db.schema.createIndex('collections_team_idx').on('collections').column('team_id').execute();

  await db.schema
    .createTable('collection_pastes')
    .addColumn('collection_id', 'varchar(16)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('paste_id', 'varchar(32)', (c) => c.notNull().references('pastes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_pastes_pk', ['collection_id', 'paste_id'])
    .execute();
  await db.schema
    .createIndex('collection_pastes_paste_idx')
    .on('collection_pastes')
    .column('paste_id')
    .execute();

  await addIdColumn(db.schema.createTable('collection_shares'), dialect)
    .addColumn('collection_id', 'varchar(16)', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('collection_shares_user_uq', ['collection_id', 'user_id'])
    .addUniqueConstraint('collection_shares_team_uq', ['collection_id', 'team_id'])
    .execute();
  await db.schema
    .createIndex('collection_shares_user_idx')
    .on('collection_shares')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('collection_shares_team_idx')
    .on('collection_shares')
    .column('team_id')
    .execute();
}
