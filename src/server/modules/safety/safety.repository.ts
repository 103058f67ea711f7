import type { Kysely } from 'kysely';
import type { SafetyAction, SafetyRuleKind } from '../../../common/constants.js';
import type { Database } from '../../db/schema.js';
import type { Rule } from './rule-matcher.js';

export interface RuleRow extends Rule {
  created_at: number;
}

const asRule = (r: {
  id: number;
  kind: SafetyRuleKind;
  value: string;
  action: SafetyAction;
  created_at: number;
}): RuleRow => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) });

export async function listRules(db: Kysely<Database>): Promise<RuleRow[]> {
  const rows = await db.selectFrom('safety_rules').selectAll().orderBy('id', 'asc').execute();
  return rows.map(asRule);
}

/** What changes whenever a rule is added or deleted: a matcher built at another version is stale. */
export async function rulesVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('safety_rules')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('top')])
    .executeTakeFirstOrThrow();
  return `${row.n}:${row.top ?? 0}`;
}

export async function countRules(db: Kysely<Database>, kind?: SafetyRuleKind): Promise<number> {
  let query = db.selectFrom('safety_rules').select((eb) => eb.fn.countAll<number>().as('n'));
  if (kind) query = query.where('kind', '=', kind);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRule(
  db: Kysely<Database>,
  rule: { kind: SafetyRuleKind; value: string; action: SafetyAction; created_at: number },
): Promise<RuleRow> {
  const row = await db.insertInto('safety_rules').values(rule).returningAll().executeTakeFirstOrThrow();
  return asRule(row);
}

export async function deleteRule(db: Kysely<Database>, id: number): Promise<RuleRow | undefined> {
  const row = await db.deleteFrom('safety_rules').where('id', '=', id).returningAll().executeTakeFirst();
  return row ? asRule(row) : undefined;
}

/**
 * A list imported in one transaction: with `replace`, the rules of its kind go first. Values
 * already a rule (of any action) are skipped. Returns how many were added and removed.
 */
export async function importRules(
  db: Kysely<Database>,
  list: { kind: SafetyRuleKind; action: SafetyAction; values: string[]; replace: boolean; now: number },
): Promise<{ added: number; removed: number }> {
  return db.transaction().execute(async (tx) => {
    let removed = 0;
    if (list.replace) {
      const r = await tx.deleteFrom('safety_rules').where('kind', '=', list.kind).executeTakeFirst();
      removed = Number(r.numDeletedRows);
    }
    const existing = new Set(
      (await tx.selectFrom('safety_rules').select('value').where('kind', '=', list.kind).execute()).map(
        (r) => r.value,
      ),
    );
    const fresh = list.values.filter((v) => !existing.has(v));
    // In batches: SQLite allows at most 32,766 bound values a statement.
    for (let i = 0; i < fresh.length; i += 500) {
      await tx
        .insertInto('safety_rules')
        .values(
          fresh.slice(i, i + 500).map((value) => ({
            kind: list.kind,
            value,
            action: list.action,
            created_at: list.now,
          })),
        )
        .execute();
    }
    return { added: fresh.length, removed };
  });
}

export async function insertHits(
  db: Kysely<Database>,
  hits: { rule_id: number; paste_id: string | null; action: SafetyAction; created_at: number }[],
): Promise<void> {
  if (hits.length > 0) await db.insertInto('safety_hits').values(hits).execute();
}

/** Hits per rule, for the rules list. */
export async function hitCounts(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('safety_hits')
    .select((eb) => ['rule_id', eb.fn.countAll<number>().as('n')])
    .where('rule_id', 'is not', null)
    .groupBy('rule_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.rule_id), Number(r.n)]));
}

/** The hits since `from`, one row per paste (or refused create) and action, with when. */
export async function hitsSince(
  db: Kysely<Database>,
  from: number,
): Promise<{ action: SafetyAction; created_at: number; paste_id: string | null }[]> {
  const rows = await db
    .selectFrom('safety_hits')
    .select(['action', 'created_at', 'paste_id'])
    .where('created_at', '>=', from)
    .execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}

/** The values of the rules that held each of these pastes (the Held queue's "why"). */
export async function rulesThatHeld(
  db: Kysely<Database>,
  pasteIds: string[],
): Promise<Map<string, string[]>> {
  const byPaste = new Map<string, string[]>();
  if (pasteIds.length === 0) return byPaste;
  const rows = await db
    .selectFrom('safety_hits')
    .innerJoin('safety_rules', 'safety_rules.id', 'safety_hits.rule_id')
    .select(['safety_hits.paste_id', 'safety_rules.kind', 'safety_rules.value'])
    .where('safety_hits.paste_id', 'in', pasteIds)
    .where('safety_hits.action', '=', 'hold')
    .execute();
  for (const r of rows) {
    const list = byPaste.get(r.paste_id!) ?? [];
    const label = `${r.kind}: ${r.value}`;
    if (!list.includes(label)) list.push(label);
    byPaste.set(r.paste_id!, list);
  }
  return byPaste;
}
