import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Chunked uploads. The tables of 001 were never used, so they are replaced: a session
 * now knows its target blob and the store's upload reference (chunks are written in place, not as
 * blobs of their own), its chunk size, and an assembly lease so that exactly one instance
 * assembles and another takes over when that one dies.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.dropTable('upload_chunks').execute();
  await db.schema.dropTable('upload_sessions').execute();

  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('total_size', 'bigint', (c) => c.notNull())
    .addColumn('chunk_size', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(80)')
    .addColumn('privacy', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('expiration', 'varchar(16)', (c) => c.notNull())
    .addColumn('burn_after_reading', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blob_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('store_ref', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('paste_id', 'varchar(32)')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_sessions_status_idx')
    .on('upload_sessions')
    .columns(['status', 'updated_at'])
    .execute();
  await db.schema.createIndex('upload_sessions_paste_idx').on('upload_sessions').column('paste_id').execute();

  await db.schema
    .createTable('upload_chunks')
    .addColumn('upload_id', 'varchar(64)', (c) =>
      c.notNull().references('upload_sessions.id').onDelete('cascade'),
    )
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('tag', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['upload_id', 'chunk_index'])
    .execute();
}
