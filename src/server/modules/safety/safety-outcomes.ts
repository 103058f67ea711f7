import type { Kysely } from 'kysely';
import type { HoldReason, SafetyOutcome } from '../../../common/constants.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { Metrics } from '../../infra/metrics/metrics.js';
import { insertOutcomes, outcomesPerDay } from './safety-outcomes.repository.js';

/** One thing the safety tools did to a paste (or to a create that made none). */
export interface Outcome {
  outcome: SafetyOutcome;
  reason: HoldReason;
  ruleId?: number | null;
  pasteId?: string | null;
}

/** What a hold on a new or edited paste counts as: malware is blocked, anything else held. */
export const holdOutcome = (reason: HoldReason, ruleId: number | null, pasteId: string): Outcome => ({
  outcome: reason === 'malware' ? 'block' : 'hold',
  reason,
  ruleId: reason === 'rule' ? ruleId : null,
  pasteId,
});

/**
 * The Safety tab's numbers and their metric: every module that refuses, holds, releases or deletes
 * for a safety reason records it here, through `tx` when it is part of a transaction.
 */
export function createSafetyOutcomes({
  db,
  clock,
  metrics,
}: {
  db: Kysely<Database>;
  clock: Clock;
  metrics: Pick<Metrics, 'safetyOutcomes'>;
}) {
  return {
    async record(outcomes: Outcome[], tx: Kysely<Database> = db): Promise<void> {
      const at = clock.now();
      await insertOutcomes(
        tx,
        outcomes.map((o) => ({
          created_at: at,
          outcome: o.outcome,
          reason: o.reason,
          rule_id: o.ruleId ?? null,
          paste_id: o.pasteId ?? null,
        })),
      );
      for (const o of outcomes) metrics.safetyOutcomes.inc({ outcome: o.outcome, reason: o.reason });
    },
    perDay: (from: number) => outcomesPerDay(db, from),
  };
}

export type SafetyOutcomes = ReturnType<typeof createSafetyOutcomes>;
/** What other modules are given: recording only. */
export type OutcomeRecorder = Pick<SafetyOutcomes, 'record'>;
