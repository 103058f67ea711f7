/**
 * Likely credentials in a paste's text, found before it goes public. Shared by the
 * server (the create answer's `secretsFound`, `checkSecrets`) and the command-line client.
 *
 * Linear time whatever the input: each line is cut into tokens at whitespace and quotes, and every
 * token is matched by patterns anchored at both ends whose repeated parts cannot overlap what
 * follows them; the two line-level patterns (assignments, connection strings) have bounded
 * repetitions only. Lines longer than LINE_LIMIT are looked at in their first LINE_LIMIT characters.
 *
 * Linear is not cheap everywhere. Text without a trigger (below) costs one test, ~2 ms a MB here;
 * but every line holding one is looked at closely: ~1–2 µs for a short line (`key`, `pwd=x`), ~3 µs
 * for a 40-character line of code, so 10 MB of such lines takes 1.5–4 s. Whoever scans text sent by
 * anyone (the server) does it in slices within a time budget: secret-scan-slices.ts.
 */

import { SECRET_SCAN_MAX_CHARS } from './constants.js';
import type { SecretKind } from './secret-kinds.js';

export { SECRET_KIND_LABELS, SECRET_KINDS, type SecretKind } from './secret-kinds.js';

export interface SecretFinding {
  kind: SecretKind;
  /** 1-based line number. */
  line: number;
}

const LINE_LIMIT = 4096;

/** How much of a paste is scanned (its definition is among the constants, which the browser loads first). */
export { SECRET_SCAN_MAX_CHARS };

const MAX_FINDINGS = 50;

/** Whole-token patterns: anchored, one character class per repeated part. */
const TOKEN_PATTERNS: [SecretKind, RegExp][] = [
  ['aws-access-key', /^(?:AKIA|ASIA)[0-9A-Z]{16}$/],
  ['github-token', /^(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{60,255})$/],
  ['gitlab-token', /^glpat-[A-Za-z0-9_-]{20,64}$/],
  ['slack-token', /^xox[abposr]-[A-Za-z0-9-]{10,250}$/],
  ['stripe-key', /^(?:sk|rk)_live_[A-Za-z0-9]{20,247}$/],
  ['npm-token', /^npm_[A-Za-z0-9]{36}$/],
  ['google-api-key', /^AIza[0-9A-Za-z_-]{35}$/],
  ['pasteshare-api-key', /^pb_[A-Za-z0-9_-]{32}$/],
  ['jwt', /^eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{8,4096}$/],
];

/** Tokens: runs between whitespace, quotes and the punctuation that surrounds values in code. */
const TOKEN_SEPARATORS = /[\s"'`,;()[\]{}<>=:|\\]+/;

const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]{1,20} ){0,3}PRIVATE KEY(?: BLOCK)?-----/;

/** `scheme://user:password@host` (the password part is checked below). */
const CONNECTION_STRING = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]{1,100}:([^\s:/@]{1,200})@[^\s/]/gi;

/** `password = value`, `"api_key": "value"`, `SECRET_TOKEN=value` and the like. */
const ASSIGNMENT =
  /(?:^|[^A-Za-z0-9])(?:pass(?:word|wd)?|pwd|secret|api[_-]?key|access[_-]?key|auth[_-]?token|token|private[_-]?key|client[_-]?secret)["']?[ \t]{0,8}(?::|=|:=|=>)[ \t]{0,8}["'`]?([^\s"'`,;()[\]{}<>]{1,200})/gi;

/**
 * What every pattern needs somewhere in its line, lower-cased and factored by first letter: text
 * without any of these is skipped after one test (about 4 µs per 2 KB, a third of a case-insensitive
 * alternation's cost), which keeps the scan of an ordinary paste cheap; a line with one is scanned
 * in full (see the header). Linear: literals only.
 */
const TRIGGER =
  /k(?:ey)|t(?:oken)|p(?:ass|wd|b_)|s(?:ecret)|:\/\/|a(?:kia|sia|iza)|eyj|npm_|g(?:h[pousr]_|ithub_pat_|lpat-)|xox|_live_/;

const hasTrigger = (text: string) => TRIGGER.test(text.toLowerCase());

/** Values people write as examples, not secrets. */
const PLACEHOLDER =
  /^(?:\$|%|<|\{|\*|x{3,}|\.{3})|^(?:pass|pw|pwd|user|admin|test|root|guest)$|changeme|example|placeholder|your[_-]?|dummy|redacted|secret|password|process\.env|env\(|getenv/i;

/** Shannon entropy of the string, in bits per character. */
function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * A value that looks machine-made: long, varied, of several character classes, and not words
 * joined by dashes (`admin-pass-123`, `test-metrics-token`: what people type in examples and tests).
 */
export function looksRandom(value: string): boolean {
  if (value.length < 16 || PLACEHOLDER.test(value)) return false;
  if (/^[A-Za-z]+(?:[-_.][A-Za-z0-9]+)+$/.test(value)) return false;
  // Code, not a value: a member chain (`this.config.token`, `res.token!`), a regular expression, a
  // path; a URL is the connection-string rule's.
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+[!?]?$/.test(value) || /^[/^]/.test(value)) return false;
  if (value.includes('://')) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((c) => c.test(value)).length;
  return classes >= 3 && entropy(value) >= 3.5;
}

function scanLine(text: string, lineNumber: number, found: SecretFinding[]): void {
  const line = text.length > LINE_LIMIT ? text.slice(0, LINE_LIMIT) : text;
  const add = (kind: SecretKind) => {
    if (!found.some((f) => f.line === lineNumber && f.kind === kind)) found.push({ kind, line: lineNumber });
  };
  if (line.includes('PRIVATE KEY') && PRIVATE_KEY.test(line)) add('private-key');
  for (const token of line.split(TOKEN_SEPARATORS)) {
    if (token.length < 15) continue;
    for (const [kind, pattern] of TOKEN_PATTERNS) {
      if (pattern.test(token)) {
        add(kind);
        break;
      }
    }
  }
  if (line.includes('://')) {
    for (const m of line.matchAll(CONNECTION_STRING)) {
      const password = m[1]!;
      if (password.length >= 4 && !PLACEHOLDER.test(password)) add('connection-string-password');
    }
  }
  for (const m of line.matchAll(ASSIGNMENT)) {
    if (looksRandom(m[1]!)) add('password-assignment');
  }
}

/**
 * The scan of text that arrives in pieces (a paste streamed in): lines may be cut anywhere between
 * pieces. `end` gives the findings. Memory: the current line's first LINE_LIMIT characters.
 */
export function createSecretScanner() {
  const found: SecretFinding[] = [];
  let lineNumber = 1;
  let carry = '';
  const complete = (line: string) => {
    // Lines without anything a pattern starts with are skipped at once (most of any paste).
    if (found.length < MAX_FINDINGS && hasTrigger(line)) {
      scanLine(line.endsWith('\r') ? line.slice(0, -1) : line, lineNumber, found);
    }
    lineNumber += 1;
  };
  const keep = (piece: string) => {
    if (carry.length < LINE_LIMIT) carry += piece.slice(0, LINE_LIMIT - carry.length);
  };
  return {
    push(text: string): void {
      // Most text has no trigger at all: count its lines, keep its unfinished one, done. (The
      // carried start of the line is tested with it, so a trigger cut between pieces is seen.)
      if (!hasTrigger(carry + text)) {
        const last = text.lastIndexOf('\n');
        if (last === -1) {
          keep(text);
          return;
        }
        for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) lineNumber += 1;
        carry = '';
        keep(text.slice(last + 1, last + 1 + LINE_LIMIT));
        return;
      }
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        keep(text.slice(start, Math.min(nl, start + LINE_LIMIT)));
        complete(carry);
        carry = '';
        start = nl + 1;
      }
      keep(text.slice(start, start + LINE_LIMIT));
    },
    /** Findings in reading order (at most MAX_FINDINGS), each kind once per line. */
    end(): SecretFinding[] {
      complete(carry);
      carry = '';
      return found.slice(0, MAX_FINDINGS);
    },
  };
}

/** Findings in reading order (at most MAX_FINDINGS), each kind once per line. */
export function scanForSecrets(text: string): SecretFinding[] {
  const scanner = createSecretScanner();
  scanner.push(text.length > SECRET_SCAN_MAX_CHARS ? text.slice(0, SECRET_SCAN_MAX_CHARS) : text);
  return scanner.end();
}
