/** User-facing messages: content rules and the review queue. */
import { SAFETY_MAX_PATTERNS, SAFETY_MAX_RULES, SAFETY_RULE_MAX_LENGTH } from '../constants.js';

/** Content rules and the review queue (Admin → Safety). */
export const SAFETY_MESSAGES = {
  /** Names no rule: a spammer learns nothing to work around. */
  contentRefused: 'This paste cannot be published: its content is not allowed on this site',
  underReview: 'This paste is waiting for review',
  /** To its author and staff only; anyone else gets underReview. */
  malwareBlocked: 'Blocked: malware. The malware scanner found this upload infected; it cannot be read',
  heldNotice: 'This paste is waiting for review: only you and the moderators can see it until it is approved',
  valueRequired: 'value: enter a phrase, a domain or a pattern',
  valueTooLong: `value: at most ${SAFETY_RULE_MAX_LENGTH} characters`,
  domainInvalid: 'value: a domain such as example.com (no scheme, path or spaces)',
  patternInvalid: (reason: string) => `value: not a pattern this server runs (RE2 syntax): ${reason}`,
  ruleExists: 'A rule for this value already exists',
  ruleNotFound: 'Rule not found',
  tooManyRules: `A site may have at most ${SAFETY_MAX_RULES} rules`,
  tooManyPatterns: `A site may have at most ${SAFETY_MAX_PATTERNS} pattern rules: each reads every paste once more`,
  importEmpty: 'The file has no phrases or domains (one a line; lines starting with # are comments)',
  importLineInvalid: (line: number, reason: string) => `Line ${line}: ${reason}`,
  heldNotFound: 'This paste is not waiting for review',
  /** A reporter's notice and mail: what was decided, never who decided it. */
  reportDecided: (title: string | null, outcome: 'deleted' | 'kept') =>
    `The paste you reported${title ? ` (“${title}”)` : ''} ${
      outcome === 'deleted'
        ? 'was removed. Thank you for reporting it.'
        : 'was reviewed and kept: the moderators found it within the rules of this site.'
    }`,
  noticeNotFound: 'Notice not found',
  reportEmailInvalid: 'email: enter an email address to be told the outcome, or leave it out',
  /** Said beside the rules: the server never sees an encrypted paste's text. */
  encryptedNotChecked: 'End-to-end encrypted pastes are never checked: the server cannot read them.',
} as const;
