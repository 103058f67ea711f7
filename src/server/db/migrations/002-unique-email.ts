import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/** Where accounts without a real address live; the same rule as `placeholderEmail` in common. */
const PLACEHOLDER_DOMAIN = 'users.noreply.local';

/**
 * One account per email address, whatever its case. Older databases may already hold
 * duplicates (parallel registrations): per address the account that verified it keeps it (the
 * oldest such, else the oldest account); the others move to their username's placeholder address,
 * keep everything else, and lose their unused mail links. They can still log in and set a new
 * address. See docs/decisions.md.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  const duplicated = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('address'))
    .groupBy(sql`lower(email)`)
    .having(sql`count(*)`, '>', 1)
    .execute();
  for (const { address } of duplicated) {
    const owners = await db
      .selectFrom('users')
      .select(['id', 'username_key'])
      .where(sql`lower(email)`, '=', address)
      .orderBy('email_verified', 'desc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    for (const moved of owners.slice(1)) {
      let placeholder = `${moved.username_key}@${PLACEHOLDER_DOMAIN}`;
      const clash = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', placeholder)
        .executeTakeFirst();
      if (clash) placeholder = `${moved.username_key}.${moved.id}@${PLACEHOLDER_DOMAIN}`;
      await db.updateTable('users').set({ email: placeholder }).where('id', '=', moved.id).execute();
      await db
        .deleteFrom('email_tokens')
        .where('user_id', '=', moved.id)
        .where('used_at', 'is', null)
        .where('purpose', 'in', ['verify-email', 'reset-password'])
        .execute();
    }
  }
  // Every write path stores lower case; older rows may not, and lookups compare as stored.
  await db
    .updateTable('users')
    .set({ email: sql`lower(email)` })
    .where(sql`email`, '<>', sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex('users_email_lower_unique')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();
}
