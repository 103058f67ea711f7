import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * End-to-end encrypted pastes. `encryption` names the envelope (1 = pse1; null = plain
 * text) and `sealed_title` keeps the title the browser sealed; the row's title is a placeholder.
 * Upload sessions carry both to the paste they become. A reporter may share a paste's key with
 * staff: the report keeps it only sealed under the server's moderation secret, until decided.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const table of ['pastes', 'upload_sessions']) {
    await db.schema.alterTable(table).addColumn('encryption', 'smallint').execute();
    await db.schema.alterTable(table).addColumn('sealed_title', 'text').execute();
  }
  await db.schema.alterTable('reports').addColumn('shared_key_sealed', 'text').execute();
}
