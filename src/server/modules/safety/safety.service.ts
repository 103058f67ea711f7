import type { Kysely } from 'kysely';
import {
  type HoldReason,
  SAFETY_TEST_PASTES,
  type SafetyAction,
  type SafetyOutcome,
} from '../../../common/constants.js';
import type { SafetyRuleInput } from '../../../common/schemas/safety.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { Metrics } from '../../infra/metrics/metrics.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { ContentRulesService } from './content-rules.service.js';
import { hitsSince, rulesThatHeld } from './safety.repository.js';
import type { SafetyOutcomes } from './safety-outcomes.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The Safety tab's numbers cover this many days, today included. */
export const STATS_DAYS = 14;
/** The Held queue shows this many of its oldest pastes. */
export const HELD_PAGE = 200;

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  rules: ContentRulesService;
  pastes: Pick<PastesService, 'held' | 'recentRuledTexts' | 'delete'>;
  metrics: Pick<Metrics, 'safetyDecisions'>;
  outcomes: SafetyOutcomes;
}

export type SafetyService = ReturnType<typeof createSafetyService>;

/** The Safety tab beyond the rules themselves: a rule's test run, the Held queue, the numbers. */
export function createSafetyService({ db, clock, rules, pastes, metrics, outcomes }: Deps) {
  return {
    /** Which of the newest public and unlisted plain pastes a rule would have caught. */
    async testRule(input: Pick<SafetyRuleInput, 'kind' | 'value'>) {
      const matcher = rules.trial(input.kind, input.value);
      const matches: { id: string; title: string | null; createdAt: number }[] = [];
      let checked = 0;
      for await (const p of pastes.recentRuledTexts(SAFETY_TEST_PASTES)) {
        checked++;
        const hit = await matcher.match(p.title ? `${p.title}\n${p.text}` : p.text);
        if (hit.length > 0) matches.push({ id: p.id, title: p.title, createdAt: p.createdAt });
      }
      return { checked, matches };
    },

    async held() {
      const rows = await pastes.held.list(HELD_PAGE);
      const why = await rulesThatHeld(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, rules: why.get(r.id) ?? [] }));
    },

    /** Approves or deletes held pastes; returns the ids that were still held and now decided. */
    async decide(ids: string[], decision: 'approve' | 'delete'): Promise<string[]> {
      const reasons = new Map(
        (await pastes.held.list(Number.MAX_SAFE_INTEGER, ids)).map((r) => [r.id, r.held_reason]),
      );
      const decided: string[] = [];
      if (decision === 'approve') {
        decided.push(...(await pastes.held.release([...reasons.keys()])));
      } else {
        for (const id of reasons.keys()) if (await pastes.delete(id)) decided.push(id);
      }
      if (decided.length > 0) metrics.safetyDecisions.inc({ decision }, decided.length);
      await outcomes.record(
        decided.map((id) => ({ outcome: decision, reason: reasons.get(id)!, pasteId: id })),
      );
      return decided;
    },

    /**
     * Rule hits per day and action (one a create or edit, however many rules it broke), every
     * outcome per day and reason, the queue.
     */
    async stats() {
      const today = Math.floor(clock.now() / DAY_MS) * DAY_MS;
      const from = today - (STATS_DAYS - 1) * DAY_MS;
      const counts = new Map<number, Record<SafetyAction, number>>();
      for (let d = from; d <= today; d += DAY_MS) counts.set(d, { refuse: 0, hold: 0, unlist: 0 });
      const events = new Set<string>();
      for (const hit of await hitsSince(db, from)) {
        // The hits of one create or edit share their time, paste and outcome.
        const key = `${hit.created_at}|${hit.paste_id}|${hit.action}`;
        if (events.has(key)) continue;
        events.add(key);
        const day = counts.get(Math.floor(hit.created_at / DAY_MS) * DAY_MS);
        if (day) day[hit.action]++;
      }
      const byReason = new Map<number, { outcome: SafetyOutcome; reason: HoldReason; count: number }[]>();
      for (const o of await outcomes.perDay(from)) {
        const list = byReason.get(o.day) ?? [];
        list.push({ outcome: o.outcome, reason: o.reason, count: o.n });
        byReason.set(o.day, list);
      }
      const queue = await pastes.held.stats();
      return {
        days: [...counts.entries()].map(([day, c]) => ({ day, ...c, outcomes: byReason.get(day) ?? [] })),
        queue,
      };
    },
  };
}
