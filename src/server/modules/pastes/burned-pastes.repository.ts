import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PasteRow } from './pastes.repository.js';

/**
 * The one conditional statement that decides who reads a burn-after-reading paste: only the
 * request whose update changes the row gets the content.
 */
export async function claimBurn(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('pastes')
    .set({ burn_claimed_at: now })
    .where('id', '=', id)
    .where('burn_after_reading', '=', 1)
    .where('burn_claimed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** How long a burned paste's creator can still learn when it was read. */
const BURNED_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

export type BurnedRow = Pick<PasteRow, 'id' | 'user_id' | 'creator_token_hash' | 'burn_claimed_at'>;

/** Notes burned pastes (claimed ones among `rows`) for their creators; nothing of their content. */
export async function rememberBurned(db: Kysely<Database>, rows: BurnedRow[], now: number): Promise<void> {
  const burned = rows.filter((r) => r.burn_claimed_at !== null);
  if (burned.length === 0) return;
  await db
    .insertInto('burned_pastes')
    .values(
      burned.map((r) => ({
        id: r.id,
        burned_at: r.burn_claimed_at!,
        user_id: r.user_id,
        creator_token_hash: r.creator_token_hash,
        forget_at: now + BURNED_MEMORY_MS,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Deletes a burn paste whose content was delivered, noting when it was read for its creator;
 * returns its blob key if it had one.
 */
export async function deleteClaimedBurn(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<{ blobKey: string | null } | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('pastes')
      .where('id', '=', id)
      .where('burn_after_reading', '=', 1)
      .where('burn_claimed_at', 'is not', null)
      .returning(['id', 'blob_key', 'user_id', 'creator_token_hash', 'burn_claimed_at'])
      .executeTakeFirst();
    if (!row) return null;
    await rememberBurned(tx, [row], now);
    return { blobKey: row.blob_key };
  });
}

/** When the burned paste `id` was read, if the asker made it (by account or creator token). */
export async function findBurnedFor(
  db: Kysely<Database>,
  id: string,
  who: { userId: number | null; tokenHash: string | null },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('burned_pastes')
    .select(['burned_at', 'user_id', 'creator_token_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const mine =
    (who.userId !== null && row.user_id === who.userId) ||
    (who.tokenHash !== null && row.creator_token_hash === who.tokenHash);
  return mine ? row.burned_at : undefined;
}

export async function forgetBurned(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('burned_pastes').where('forget_at', '<', now).execute();
}
