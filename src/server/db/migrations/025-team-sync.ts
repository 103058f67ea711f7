import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Where a team membership came from: null when an owner (or the creator) added it by hand, else
 * the id of the sign-in provider whose group → team mapping made it. The sync at each sign-in
 * removes only the memberships its own provider made.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('team_members').addColumn('source', 'varchar(40)').execute();
}
