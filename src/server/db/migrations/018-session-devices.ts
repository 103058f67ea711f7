import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * What Account → Sessions shows of each signed-in device, and the second-factor freshness a
 * session carries: `user_agent` and `ip` as last seen (the agent cut to 300 characters),
 * `last_seen_at` (moved at most every few minutes, not on every request) and `second_factor_at`,
 * when this session last passed a second-factor check (its sign-in or a code given since), which
 * lets the actions that need a fresh check go on without asking again.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(300)').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('second_factor_at', 'bigint').execute();
}
