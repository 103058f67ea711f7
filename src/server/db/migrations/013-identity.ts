import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Signing in through external identities. `identity_links` ties a provider's subject to an
 * account (one per provider and account); `identity_flows` holds a redirect sign-in between its
 * start and its callback, in the database so the callback may reach another instance; a session
 * remembers the provider it came from, for signing out there too.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('identity_links')
    .addColumn('provider_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('linked_as', 'varchar(320)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint')
    .addPrimaryKeyConstraint('identity_links_pk', ['provider_id', 'subject'])
    .addUniqueConstraint('identity_links_user_provider', ['user_id', 'provider_id'])
    .execute();

  await db.schema
    .createTable('identity_flows')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('state', 'varchar(100)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(200)', (c) => c.notNull())
    .addColumn('return_to', 'varchar(2000)', (c) => c.notNull())
    .addColumn('link_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('identity_flows_expires_idx')
    .on('identity_flows')
    .column('expires_at')
    .execute();

  await db.schema.alterTable('sessions').addColumn('identity_provider', 'varchar(40)').execute();
}
