import type { Kysely } from 'kysely';
import {
  type Privacy,
  SAFETY_MAX_PATTERNS,
  SAFETY_MAX_RULES,
  type SafetyAction,
} from '../../../common/constants.js';
import { SAFETY_MESSAGES } from '../../../common/messages.js';
import type { SafetyImportInput, SafetyRuleInput } from '../../../common/schemas/safety.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import type { ChangeBus } from '../../infra/change-bus/change-bus.js';
import type { Metrics } from '../../infra/metrics/metrics.js';
import { compileRules, normalizeRuleValue, type RuleMatcher, strongestAction } from './rule-matcher.js';
import {
  countRules,
  deleteRule,
  hitCounts,
  importRules,
  insertHits,
  insertRule,
  listRules,
  type RuleRow,
  rulesVersion,
} from './safety.repository.js';
import type { OutcomeRecorder } from './safety-outcomes.js';

const RULES_TOPIC = 'safety-rules';
/** Without a change message (one lost, or none on a single SQLite instance) rules are re-read this often. */
const VERSION_CHECK_MS = 2000;

/** What the content rules made of a create or an edit that may go on. */
export interface Screening {
  /** The privacy to store: `unlisted` when a rule said so. */
  privacy: Privacy;
  /** Held for review. */
  held: boolean;
  /** The rule that held it (the first of those that did), for the numbers; null when not held. */
  holdRule: number | null;
  /** Records the hits (and an unlisting) against the paste they ended in (after it is saved). */
  record(pasteId: string): Promise<void>;
}

/** What modules/pastes asks of the rules before it stores a create or an edit. */
export interface ContentScreen {
  screen(
    text: { title: string | null; content: () => Promise<string> },
    privacy: Privacy,
  ): Promise<Screening>;
}

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  metrics: Pick<Metrics, 'safetyHits'>;
  /** Refusals and unlistings count in the Safety tab's numbers (holds are the caller's to count). */
  outcomes: OutcomeRecorder;
  /** Tells the other instances when rules change (none: one instance). */
  changes?: ChangeBus;
}

export type ContentRulesService = ReturnType<typeof createContentRulesService>;

/**
 * Admin → Safety's content rules: kept in the database, compiled once per version into a matcher
 * each instance holds, and applied to creates and edits of public and unlisted plain pastes.
 */
export function createContentRulesService({ db, clock, metrics, outcomes, changes }: Deps) {
  let compiled: { version: string; matcher: RuleMatcher; checkedAt: number } | null = null;
  changes?.subscribe(RULES_TOPIC, () => {
    compiled = null;
  });
  const announce = async () => {
    compiled = null;
    await changes?.publish(RULES_TOPIC);
  };

  async function matcher(): Promise<RuleMatcher> {
    const now = clock.now();
    if (compiled && now - compiled.checkedAt < VERSION_CHECK_MS) return compiled.matcher;
    const version = await rulesVersion(db);
    if (compiled?.version !== version) {
      compiled = { version, matcher: compileRules(await listRules(db)), checkedAt: now };
    } else {
      compiled.checkedAt = now;
    }
    return compiled.matcher;
  }

  const passed = (privacy: Privacy): Screening => ({
    privacy,
    held: false,
    holdRule: null,
    record: async () => {},
  });

  async function screen(
    text: { title: string | null; content: () => Promise<string> },
    privacy: Privacy,
  ): Promise<Screening> {
    // A password paste is shared on purpose with whom it names, like the secret scan's rule.
    if (privacy === 'password') return passed(privacy);
    const rules = await matcher();
    if (rules.size === 0) return passed(privacy);
    const content = await text.content();
    const hits = await rules.match(text.title ? `${text.title}\n${content}` : content);
    const action = strongestAction(hits);
    if (action === null) return passed(privacy);
    metrics.safetyHits.inc({ action });
    const at = clock.now();
    const record = (pasteId: string | null) =>
      insertHits(
        db,
        hits.map((r) => ({ rule_id: r.id, paste_id: pasteId, action, created_at: at })),
      );
    const first = (a: SafetyAction) => hits.find((r) => r.action === a)?.id ?? null;
    if (action === 'refuse') {
      await record(null);
      await outcomes.record([{ outcome: 'refuse', reason: 'rule', ruleId: first('refuse') }]);
      throw new AppError('CONTENT_REFUSED', SAFETY_MESSAGES.contentRefused);
    }
    const unlistRule = first('unlist');
    return {
      privacy: unlistRule !== null ? 'unlisted' : privacy,
      held: action === 'hold',
      holdRule: first('hold'),
      async record(pasteId) {
        await record(pasteId);
        // Counted when it changed something: a paste already unlisted stays as it was.
        if (unlistRule !== null && privacy === 'public') {
          await outcomes.record([{ outcome: 'unlist', reason: 'rule', ruleId: unlistRule, pasteId }]);
        }
      },
    };
  }

  return {
    screen,
    /** A rule's value as the rules keep it; 400 naming why when it cannot be one. */
    normalize: normalizeRuleValue,
    /** After the rules were replaced elsewhere (a backup import, committed): every instance reads them again. */
    reload: announce,
    /** A matcher of one rule not yet saved, for a test run. */
    trial(kind: SafetyRuleInput['kind'], value: string): RuleMatcher {
      const normalized = normalizeRuleValue(kind, value);
      return compileRules([{ id: 0, kind, value: normalized, action: 'hold' }]);
    },

    async list(): Promise<(RuleRow & { hits: number })[]> {
      const [rules, hits] = await Promise.all([listRules(db), hitCounts(db)]);
      return rules.map((r) => ({ ...r, hits: hits.get(r.id) ?? 0 }));
    },

    async add(input: SafetyRuleInput): Promise<RuleRow> {
      const value = normalizeRuleValue(input.kind, input.value);
      if ((await countRules(db)) >= SAFETY_MAX_RULES) throw conflict(SAFETY_MESSAGES.tooManyRules);
      if (input.kind === 'pattern' && (await countRules(db, 'pattern')) >= SAFETY_MAX_PATTERNS) {
        throw conflict(SAFETY_MESSAGES.tooManyPatterns);
      }
      try {
        const rule = await insertRule(db, {
          kind: input.kind,
          value,
          action: input.action,
          created_at: clock.now(),
        });
        await announce();
        return rule;
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(SAFETY_MESSAGES.ruleExists);
        throw e;
      }
    },

    async remove(id: string): Promise<RuleRow> {
      const numeric = /^\d{1,9}$/.test(id) ? Number(id) : null;
      const gone = numeric === null ? undefined : await deleteRule(db, numeric);
      if (!gone) throw notFound(SAFETY_MESSAGES.ruleNotFound);
      await announce();
      return gone;
    },

    /** A published list: one value a line, blank lines and `#` comments skipped, hosts-file lines too. */
    async import(input: SafetyImportInput): Promise<{ added: number; removed: number; skipped: number }> {
      const values = new Set<string>();
      let lines = 0;
      for (const [i, raw] of input.text.split('\n').entries()) {
        const line = raw.replace(/#.*$/, '').trim();
        if (!line) continue;
        lines++;
        // `0.0.0.0 example.com`, as hosts-format blocklists are published: the name is the last field.
        const value = input.kind === 'domain' ? line.split(/\s+/).at(-1)! : line;
        try {
          values.add(normalizeRuleValue(input.kind, value));
        } catch (e) {
          if (e instanceof AppError) throw badRequest(SAFETY_MESSAGES.importLineInvalid(i + 1, e.message));
          throw e;
        }
      }
      if (values.size === 0) throw badRequest(SAFETY_MESSAGES.importEmpty);
      const kept = input.mode === 'replace' ? 0 : await countRules(db);
      if (kept + values.size > SAFETY_MAX_RULES) throw conflict(SAFETY_MESSAGES.tooManyRules);
      const r = await importRules(db, {
        kind: input.kind,
        action: input.action,
        values: [...values],
        replace: input.mode === 'replace',
        now: clock.now(),
      });
      await announce();
      return { ...r, skipped: lines - r.added };
    },
  };
}
