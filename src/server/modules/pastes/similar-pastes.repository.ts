import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * How many other addresses sent a public paste with this text (its SHA-256) since `since`: the
 * identical-paste hold's count. The index on (content_hash, created_at) keeps it to those rows.
 */
export async function otherAddressesWithText(
  db: Kysely<Database>,
  hash: string,
  since: number,
  ip: string,
): Promise<number> {
  const row = await db
    .selectFrom('pastes')
    .select((eb) => eb.fn.count<number>('creator_ip').distinct().as('n'))
    .where('content_hash', '=', hash)
    .where('created_at', '>', since)
    .where('creator_ip', '<>', ip)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
