import type { Kysely } from 'kysely';
import type { DbDriver } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';

/** Adds tags to a new paste (through the transaction that stores it). */
export async function insertTags(
  db: Kysely<Database>,
  pasteId: string,
  tags: readonly string[],
): Promise<void> {
  if (tags.length === 0) return;
  await db
    .insertInto('paste_tags')
    .values(tags.map((tag) => ({ paste_id: pasteId, tag })))
    .execute();
}

/** The same for SQLite inside a synchronous better-sqlite3 transaction (the insert batcher's). */
export function sqliteTagWriter(driver: DbDriver): ((pasteId: string, tag: string) => void) | null {
  if (driver.dialect !== 'sqlite') return null;
  const { statements } = driver;
  return (pasteId, tag) => {
    statements.prepare('insert into paste_tags (paste_id, tag) values (?, ?)').run([pasteId, tag]);
  };
}

/** Makes a paste's tags exactly `tags` (an edit's, in its transaction). */
export async function replaceTags(
  db: Kysely<Database>,
  pasteId: string,
  tags: readonly string[],
): Promise<void> {
  await db.deleteFrom('paste_tags').where('paste_id', '=', pasteId).execute();
  await insertTags(db, pasteId, tags);
}

/** The tags of each of these pastes, alphabetical; a paste without tags is absent. */
export async function tagsOfPastes(
  db: Kysely<Database>,
  pasteIds: readonly string[],
): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  if (pasteIds.length === 0) return tags;
  const rows = await db
    .selectFrom('paste_tags')
    .select(['paste_id', 'tag'])
    .where('paste_id', 'in', [...pasteIds])
    .orderBy('paste_id')
    .orderBy('tag')
    .execute();
  for (const r of rows) tags.set(r.paste_id, [...(tags.get(r.paste_id) ?? []), r.tag]);
  return tags;
}
