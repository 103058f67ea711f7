import { type Kysely, sql } from 'kysely';
import type { HoldReason, SafetyOutcome } from '../../../common/constants.js';
import type { Database, SafetyOutcomesTable } from '../../db/schema.js';

const DAY_MS = 86_400_000;

export async function insertOutcomes(
  db: Kysely<Database>,
  rows: Omit<SafetyOutcomesTable, 'id'>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('safety_outcomes').values(rows).execute();
}

/** Outcomes since `from`, counted per UTC day (its first millisecond), outcome and reason. */
export async function outcomesPerDay(
  db: Kysely<Database>,
  from: number,
): Promise<{ day: number; outcome: SafetyOutcome; reason: HoldReason; n: number }[]> {
  // Integer division on both databases (the column is an integer type on each).
  const day = sql<number>`created_at / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('safety_outcomes')
    .select((eb) => [day.as('day'), 'outcome', 'reason', eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', from)
    .groupBy([day, 'outcome', 'reason'])
    .execute();
  return rows.map((r) => ({ ...r, day: Number(r.day) * DAY_MS, n: Number(r.n) }));
}
