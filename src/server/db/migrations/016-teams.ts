import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

/**
 * Teams and sharing. A team has owners and members; a "shared" paste is readable by the people
 * and teams named in `paste_shares` (one grantee per row: a user or a team). Grants go with their
 * paste, user or team (cascade), so no read ever meets a grant to something gone.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('teams'), dialect)
    .addColumn('slug', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user_idx').on('team_members').column('user_id').execute();

  await addIdColumn(db.schema.createTable('paste_shares'), dialect)
    .addColumn('paste_id', 'varchar(32)', (c) => c.notNull().references('pastes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('paste_shares_user_uq', ['paste_id', 'user_id'])
    .addUniqueConstraint('paste_shares_team_uq', ['paste_id', 'team_id'])
    .execute();
  await db.schema.createIndex('paste_shares_user_idx').on('paste_shares').column('user_id').execute();
  await db.schema.createIndex('paste_shares_team_idx').on('paste_shares').column('team_id').execute();
}
