import { setImmediate as nextTurn } from 'node:timers/promises';
import { SAFETY_ACTIONS, type SafetyAction, type SafetyRuleKind } from '../../../common/constants.js';
import { SAFETY_MESSAGES } from '../../../common/messages.js';
import { AppError, badRequest } from '../../errors.js';
import { checkPattern, patternMatches } from './pattern-engine.js';
import { hostsOf, textPieces, wordsOf } from './text-pieces.js';

/**
 * Which content rules a text breaks, in time linear in the text: phrases are compared word by
 * word (an index by first word), domains by looking up each host and its parent domains in a set,
 * patterns run in RE2 (pattern-engine). Admin input never reaches the JavaScript regex engine.
 */

export interface Rule {
  id: number;
  kind: SafetyRuleKind;
  value: string;
  action: SafetyAction;
}

/** A domain as rules keep it: lower-case labels of letters, digits and hyphens (one label: a TLD). */
const DOMAIN = /^[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*$/;

/**
 * A rule's value as it is kept and compared: a phrase's words lower-cased and single-spaced, a
 * domain without scheme, `www.`/`*.` or path, a pattern as written once RE2 accepts it. Refused
 * (400, naming why) when nothing is left or the pattern does not compile.
 */
export function normalizeRuleValue(kind: SafetyRuleKind, raw: string): string {
  const value = raw.trim();
  if (kind === 'phrase') {
    const words = wordsOf(value);
    if (words.length === 0) throw badRequest(SAFETY_MESSAGES.valueRequired);
    return words.join(' ');
  }
  if (kind === 'domain') {
    let domain = value.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
    const slash = domain.indexOf('/');
    if (slash >= 0) domain = domain.slice(0, slash);
    domain = domain.replace(/^\*\./, '').replace(/^\.+/, '');
    if (!DOMAIN.test(domain)) throw badRequest(SAFETY_MESSAGES.domainInvalid);
    return domain;
  }
  checkPattern(value);
  return value;
}

export interface RuleMatcher {
  /** The rules `text` breaks, each once. */
  match(text: string): Promise<Rule[]>;
  readonly size: number;
}

/** The strongest action among `rules` (refuse, then hold, then unlist), or null for none. */
export function strongestAction(rules: Rule[]): SafetyAction | null {
  for (const action of SAFETY_ACTIONS) if (rules.some((r) => r.action === action)) return action;
  return null;
}

export function compileRules(rules: Rule[]): RuleMatcher {
  const phrasesByFirstWord = new Map<string, { words: string[]; rule: Rule }[]>();
  const domains = new Map<string, Rule>();
  const patterns: Rule[] = [];
  let longestPhrase = 1;
  for (const rule of rules) {
    if (rule.kind === 'phrase') {
      const words = rule.value.split(' ');
      longestPhrase = Math.max(longestPhrase, words.length);
      const list = phrasesByFirstWord.get(words[0]!) ?? [];
      list.push({ words, rule });
      phrasesByFirstWord.set(words[0]!, list);
    } else if (rule.kind === 'domain') {
      domains.set(rule.value, rule);
    } else {
      patterns.push(rule);
    }
  }

  function phraseHits(words: string[], hits: Set<Rule>): void {
    for (let i = 0; i < words.length; i++) {
      for (const { words: phrase, rule } of phrasesByFirstWord.get(words[i]!) ?? []) {
        let j = 1;
        while (j < phrase.length && words[i + j] === phrase[j]) j++;
        if (j === phrase.length) hits.add(rule);
      }
    }
  }

  function domainHits(hosts: string[], hits: Set<Rule>): void {
    for (const host of hosts) {
      // The host, then each parent: a rule for example.com catches a.b.example.com.
      let suffix = host;
      for (;;) {
        const rule = domains.get(suffix);
        if (rule) hits.add(rule);
        const dot = suffix.indexOf('.');
        if (dot < 0) break;
        suffix = suffix.slice(dot + 1);
      }
    }
  }

  return {
    size: rules.length,
    async match(text: string): Promise<Rule[]> {
      const hits = new Set<Rule>();
      // The last words of a piece start the next, so a phrase across a cut is still seen.
      let carried: string[] = [];
      for (const piece of textPieces(text)) {
        if (phrasesByFirstWord.size > 0) {
          const words = carried.concat(wordsOf(piece));
          phraseHits(words, hits);
          carried = longestPhrase > 1 ? words.slice(Math.max(0, words.length - (longestPhrase - 1))) : [];
        }
        if (domains.size > 0) domainHits(hostsOf(piece), hits);
        await nextTurn();
      }
      for (const rule of patterns) {
        try {
          if (await patternMatches(rule.value, text)) hits.add(rule);
        } catch (e) {
          // Checked when it was added; a value edited by hand in the database is skipped, not a 500.
          if (!(e instanceof AppError)) throw e;
        }
      }
      return [...hits];
    },
  };
}
