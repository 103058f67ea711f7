import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Second factors. `totp_factors` holds one authenticator per account (its secret is unconfirmed
 * until a first code proves it; `last_step` is the newest time step used, so a code is never
 * taken twice); `recovery_codes` their hashes, each used once; `second_factor_challenges` a
 * sign-in that passed its first factor and waits for the second, in the database so the code may
 * reach another instance.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('second_factor_challenges')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider', 'varchar(40)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('second_factor_challenges_expires_idx')
    .on('second_factor_challenges')
    .column('expires_at')
    .execute();
}
