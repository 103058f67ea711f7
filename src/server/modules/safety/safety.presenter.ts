import type { HeldPaste, SafetyRule, SafetyStats } from '../../../common/schemas/safety.js';
import type { RuleRow } from './safety.repository.js';
import type { SafetyService } from './safety.service.js';

const iso = (ms: number): string => new Date(ms).toISOString();

export const presentRule = (r: RuleRow & { hits?: number }): SafetyRule => ({
  id: r.id,
  kind: r.kind,
  value: r.value,
  action: r.action,
  createdAt: iso(r.created_at),
  hits: r.hits ?? 0,
});

/** A held paste as the safety service lists it. */
type HeldRow = Awaited<ReturnType<SafetyService['held']>>[number];

export const presentHeld = (r: HeldRow): HeldPaste => ({
  id: r.id,
  title: r.title,
  privacy: r.privacy,
  author: r.username,
  heldAt: iso(r.held_at),
  reason: r.held_reason,
  rules: r.rules,
  sizeBytes: r.size_bytes,
});

type DayOutcome = NonNullable<SafetyStats['days'][number]['outcomes']>[number];

export const presentStats = (s: {
  days: { day: number; refuse: number; hold: number; unlist: number; outcomes: DayOutcome[] }[];
  queue: { length: number; oldestAt: number | null };
  reportDecisions: { medianMs: number | null; decided: number };
}): SafetyStats => ({
  days: s.days.map((d) => ({
    day: iso(d.day).slice(0, 10),
    refused: d.refuse,
    held: d.hold,
    unlisted: d.unlist,
    outcomes: d.outcomes,
  })),
  queueLength: s.queue.length,
  oldestHeldAt: s.queue.oldestAt === null ? null : iso(s.queue.oldestAt),
  reportDecisions: {
    decided: s.reportDecisions.decided,
    medianSeconds: s.reportDecisions.medianMs === null ? null : Math.round(s.reportDecisions.medianMs / 1000),
  },
});
