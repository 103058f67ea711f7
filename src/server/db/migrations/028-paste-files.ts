import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * A multi-file paste's manifest: JSON `[{ name, language, bytes }]`, the files in order, whose
 * UTF-8 bytes, concatenated, are the one stored content. Null for an ordinary (one-file) paste.
 * On the paste (its newest revision) and on each revision.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const table of ['pastes', 'paste_revisions']) {
    await db.schema.alterTable(table).addColumn('files', 'text').execute();
  }
}
