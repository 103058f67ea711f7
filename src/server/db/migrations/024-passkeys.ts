import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

/**
 * Passkeys (WebAuthn credentials): several per account, each with its public key (COSE, base64url),
 * its signature counter, the transports the browser reported, the user handle it was made for and a
 * name the person chose. `passkey_challenges` holds each ceremony's challenge under its hash until
 * the answer comes back, in the database so the answer may reach another instance; taken once.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('passkeys'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // WebAuthn allows ids up to 1023 bytes: 1364 base64url characters.
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_handle', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // A registration's: the handle its options gave the authenticator.
    .addColumn('user_handle', 'varchar(100)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expires_idx')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
}
