import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

/** Every entity of spec §3, with the indexes its reads need. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('users'), dialect)
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('registration_ip', 'varchar(64)')
    .addColumn('api_key_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('api_key_hint', 'varchar(16)')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_activated_at', 'bigint')
    .addColumn('vip_banner_url', 'text')
    .addColumn('vip_banner_link', 'text')
    .execute();
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('pastes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(80)')
    .addColumn('content', 'text')
    .addColumn('blob_key', 'varchar(200)')
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('privacy', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('expiration', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('burn_after_reading', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('burn_claimed_at', 'bigint')
    .addColumn('creator_token_hash', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ready'))
    .addColumn('view_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sweep_claimed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('pastes_user_created_idx')
    .on('pastes')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('pastes_created_idx').on('pastes').column('created_at').execute();
  await db.schema.createIndex('pastes_expires_idx').on('pastes').column('expires_at').execute();
  // Leaderboard: public pastes by views, and public pastes of a period by views.
  await db.schema
    .createIndex('pastes_top_views_idx')
    .on('pastes')
    .columns(['privacy', 'burn_after_reading', 'view_count'])
    .execute();
  await db.schema
    .createIndex('pastes_public_created_idx')
    .on('pastes')
    .columns(['privacy', 'burn_after_reading', 'created_at'])
    .execute();

  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('total_size', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(80)')
    .addColumn('privacy', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('expiration', 'varchar(16)', (c) => c.notNull())
    .addColumn('burn_after_reading', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('paste_id', 'varchar(32)')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_sessions_updated_idx')
    .on('upload_sessions')
    .column('updated_at')
    .execute();

  await db.schema
    .createTable('upload_chunks')
    .addColumn('upload_id', 'varchar(64)', (c) =>
      c.notNull().references('upload_sessions.id').onDelete('cascade'),
    )
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('blob_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['upload_id', 'chunk_index'])
    .execute();

  await addIdColumn(db.schema.createTable('reports'), dialect)
    .addColumn('paste_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('paste_title', 'varchar(80)')
    .addColumn('reported_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reporter_ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'created_at']).execute();

  await addIdColumn(db.schema.createTable('deletion_requests'), dialect)
    .addColumn('paste_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('paste_title', 'varchar(80)')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deletion_requests_status_idx')
    .on('deletion_requests')
    .columns(['status', 'created_at'])
    .execute();

  await addIdColumn(db.schema.createTable('vip_licenses'), dialect)
    .addColumn('license_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('is_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vip_licenses_created_idx').on('vip_licenses').column('created_at').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('email_tokens_user_idx')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await addIdColumn(db.schema.createTable('jobs'), dialect)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_ready_idx').on('jobs').columns(['status', 'run_after']).execute();
}
