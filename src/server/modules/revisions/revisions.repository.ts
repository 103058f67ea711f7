import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PasteRevisionContentsTable, PasteRevisionsTable } from '../../db/schema.js';

export type RevisionRow = Selectable<PasteRevisionsTable>;
export type RevisionContentRow = Selectable<PasteRevisionContentsTable>;

/** A paste's saved revisions, oldest first (none for a paste never edited). */
export function listRevisions(db: Kysely<Database>, pasteId: string): Promise<RevisionRow[]> {
  return db
    .selectFrom('paste_revisions')
    .selectAll()
    .where('paste_id', '=', pasteId)
    .orderBy('number')
    .execute()
    .then((rows) => rows.map(numbers));
}

/** Revision `number` of a paste with where its text is; undefined when there is none. */
export async function findRevision(
  db: Kysely<Database>,
  pasteId: string,
  number: number,
): Promise<(RevisionRow & Pick<RevisionContentRow, 'content' | 'blob_key'>) | undefined> {
  const row = await db
    .selectFrom('paste_revisions as r')
    .innerJoin('paste_revision_contents as c', (j) =>
      j.onRef('c.paste_id', '=', 'r.paste_id').onRef('c.sha256', '=', 'r.sha256'),
    )
    .selectAll('r')
    .select(['c.content', 'c.blob_key'])
    .where('r.paste_id', '=', pasteId)
    .where('r.number', '=', number)
    .executeTakeFirst();
  return row ? numbers(row) : undefined;
}

/** The stored text of a paste with this digest, if an earlier revision has it. */
export function findRevisionContent(
  db: Kysely<Database>,
  pasteId: string,
  sha256: string,
): Promise<Pick<RevisionContentRow, 'content' | 'blob_key'> | undefined> {
  return db
    .selectFrom('paste_revision_contents')
    .select(['content', 'blob_key'])
    .where('paste_id', '=', pasteId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/** Bytes the stored revision texts of `userId`'s pastes hold (each distinct text once per paste). */
export async function revisionBytesOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('paste_revision_contents as c')
    .innerJoin('pastes as p', 'p.id', 'c.paste_id')
    .select((eb) => eb.fn.sum<number | string | null>('c.size_bytes').as('bytes'))
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Saves revision `next` and makes the paste row show it, in one transaction, if the paste still
 * has `next - 1` revisions (an edit racing another loses, and keeps nothing). The first edit also
 * saves the original as revision 1. Content already stored under its digest is not stored again.
 */
export async function saveRevision(
  db: Kysely<Database>,
  edit: {
    pasteId: string;
    expectedCount: number;
    original: (Insertable<PasteRevisionsTable> & { content: Insertable<PasteRevisionContentsTable> }) | null;
    revision: Insertable<PasteRevisionsTable>;
    content: Insertable<PasteRevisionContentsTable>;
    row: {
      title: string | null;
      language: PasteRevisionsTable['language'];
      content: string | null;
      blob_key: string | null;
      size_bytes: number;
      edited_at: number;
      /** The new text's manifest when it holds several files (see pastes/paste-files.ts). */
      files: string | null;
    };
    /** What else changes with the paste, in the same transaction (its tags, its search document). */
    also?: (tx: Transaction<Database>) => Promise<void>;
  },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('pastes')
      .set({ ...edit.row, revision_count: edit.expectedCount + 1 })
      .where('id', '=', edit.pasteId)
      .where('revision_count', '=', edit.expectedCount)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (edit.original) {
      const { content, ...revision } = edit.original;
      await keepContent(tx, content);
      await tx.insertInto('paste_revisions').values(revision).execute();
    }
    await keepContent(tx, edit.content);
    await tx.insertInto('paste_revisions').values(edit.revision).execute();
    await edit.also?.(tx);
    return true;
  });
}

async function keepContent(tx: Transaction<Database>, content: Insertable<PasteRevisionContentsTable>) {
  await tx
    .insertInto('paste_revision_contents')
    .values(content)
    .onConflict((oc) => oc.columns(['paste_id', 'sha256']).doNothing())
    .execute();
}

/** bigint columns come back as strings from pg. */
function numbers<T extends RevisionRow>(row: T): T {
  return { ...row, size_bytes: Number(row.size_bytes), created_at: Number(row.created_at) };
}
