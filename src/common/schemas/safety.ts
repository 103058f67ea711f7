import { z } from 'zod';
import {
  HOLD_REASONS,
  PRIVACIES,
  SAFETY_ACTIONS,
  SAFETY_OUTCOMES,
  SAFETY_RULE_KINDS,
  SAFETY_RULE_MAX_LENGTH,
  SAFETY_TEST_PASTES,
} from '../constants.js';
import { SAFETY_MESSAGES } from '../messages.js';

/**
 * Admin → Safety: content rules, their test run and import, the Held queue and its numbers.
 * Whether a value is a valid domain or pattern is the server's rule (modules/safety/rule-matcher),
 * so the browser and the server never disagree on what RE2 accepts.
 */

const ruleValue = z
  .string()
  .trim()
  .min(1, SAFETY_MESSAGES.valueRequired)
  .max(SAFETY_RULE_MAX_LENGTH, SAFETY_MESSAGES.valueTooLong);

export const safetyRuleBodySchema = z.strictObject({
  kind: z.enum(SAFETY_RULE_KINDS),
  value: ruleValue,
  action: z.enum(SAFETY_ACTIONS),
});
export type SafetyRuleInput = z.infer<typeof safetyRuleBodySchema>;

export const safetyRuleTestBodySchema = z.strictObject({
  kind: z.enum(SAFETY_RULE_KINDS),
  value: ruleValue,
});

/** A blocklist as published: one phrase or domain a line, `#` comments; 8 MB of text at most. */
export const SAFETY_IMPORT_MAX_CHARS = 8 * 1024 * 1024;
export const safetyImportBodySchema = z.strictObject({
  kind: z.enum(['phrase', 'domain']),
  action: z.enum(SAFETY_ACTIONS),
  /** `replace`: the rules of this kind go and the file's come; `merge`: the file's are added. */
  mode: z.enum(['replace', 'merge']),
  text: z.string().max(SAFETY_IMPORT_MAX_CHARS),
});
export type SafetyImportInput = z.infer<typeof safetyImportBodySchema>;

export const heldDecisionBodySchema = z.strictObject({
  ids: z.array(z.string().max(32)).min(1).max(100),
  decision: z.enum(['approve', 'delete']),
});

export const safetyRuleSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(SAFETY_RULE_KINDS),
  value: z.string(),
  action: z.enum(SAFETY_ACTIONS),
  createdAt: z.iso.datetime(),
  /** Times it matched a create or an edit. */
  hits: z.number().int(),
});
export type SafetyRule = z.infer<typeof safetyRuleSchema>;

export const safetyRulesSchema = z.strictObject({ rules: z.array(safetyRuleSchema) });

export const safetyImportResultSchema = z.strictObject({
  added: z.number().int(),
  removed: z.number().int(),
  /** Lines already a rule (merge), or repeated in the file. */
  skipped: z.number().int(),
});

export const safetyTestResultSchema = z.strictObject({
  /** How many pastes were checked: the newest readable ones, at most SAFETY_TEST_PASTES. */
  checked: z.number().int().max(SAFETY_TEST_PASTES),
  matches: z.array(
    z.strictObject({ id: z.string(), title: z.string().nullable(), createdAt: z.iso.datetime() }),
  ),
});

export const heldPasteSchema = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  privacy: z.enum(PRIVACIES),
  author: z.string().nullable(),
  heldAt: z.iso.datetime(),
  reason: z.enum(HOLD_REASONS),
  /** The rules that held it (their values), when they still exist. */
  rules: z.array(z.string()),
  sizeBytes: z.number().int(),
});
export type HeldPaste = z.infer<typeof heldPasteSchema>;

export const heldPastesSchema = z.strictObject({ pastes: z.array(heldPasteSchema) });

export const heldDecisionResultSchema = z.strictObject({
  /** The ids decided; an id no longer held (decided meanwhile, deleted) is left out. */
  decided: z.array(z.string()),
});

/** The Safety tab's numbers: rule hits per day and action, every outcome per day and reason, the Held queue. */
export const safetyStatsSchema = z.strictObject({
  days: z.array(
    z.strictObject({
      day: z.iso.date(),
      refused: z.number().int(),
      held: z.number().int(),
      unlisted: z.number().int(),
      /** What the safety tools did that day, by outcome and reason (absent from older servers). */
      outcomes: z
        .array(
          z.strictObject({
            outcome: z.enum(SAFETY_OUTCOMES),
            reason: z.enum(HOLD_REASONS),
            count: z.number().int(),
          }),
        )
        .optional(),
    }),
  ),
  queueLength: z.number().int(),
  oldestHeldAt: z.iso.datetime().nullable(),
  /** Reports decided over the same days, and the median time from report to decision (null: none). */
  reportDecisions: z.strictObject({
    decided: z.number().int(),
    medianSeconds: z.number().nullable(),
  }),
});
export type SafetyStats = z.infer<typeof safetyStatsSchema>;

/** What an account is told on its next visit: a report it filed was decided (never by whom). */
export const accountNoticeSchema = z.strictObject({
  id: z.number().int(),
  kind: z.literal('report-decided'),
  pasteId: z.string(),
  pasteTitle: z.string().nullable(),
  /** The paste was deleted, or kept. */
  outcome: z.enum(['deleted', 'kept']),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type AccountNotice = z.infer<typeof accountNoticeSchema>;
