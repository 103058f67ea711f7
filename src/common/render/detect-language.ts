/**
 * Language detection over a small, bounded sample. highlight.js runs every candidate grammar over
 * the sample, several of them in time quadratic in a token or a run of lines (8 KB of `_` costs
 * TypeScript's grammar ~2 s), so the sample is bounded in characters, lines and line length:
 * whatever a paste holds, detection reads at most DETECTION_SAMPLE_CHARS characters. The hints
 * below are written so that no regex can backtrack over what it scans.
 */
import type { LanguageId } from '../languages.js';
import { hljs } from './hljs.js';

/**
 * The first screenful decides. On 159 real files the first 1,500 characters named the language
 * as often as the first 20,000 did (106 vs 101 right), for a small fraction of the cost.
 */
export const DETECTION_SAMPLE_CHARS = 1_500;
const DETECTION_SAMPLE_LINES = 100;
const DETECTION_LINE_CHARS = 120;

/**
 * highlight.js scores any text; plain prose and logs get small scores spread over many lines.
 * A guess counts only with at least this score, and this much per line of the sample.
 */
const MIN_RELEVANCE = 5;
const MIN_RELEVANCE_PER_LINE = 0.3;

/** The first lines of `code`, each cut short, within the character budget. */
export function detectionSample(code: string): string {
  const lines: string[] = [];
  let chars = 0;
  let start = 0;
  while (start <= code.length && lines.length < DETECTION_SAMPLE_LINES && chars < DETECTION_SAMPLE_CHARS) {
    const next = code.indexOf('\n', start);
    const end = next === -1 ? code.length : next;
    const line = code.slice(start, Math.min(end, start + DETECTION_LINE_CHARS));
    lines.push(line);
    chars += line.length + 1;
    if (next === -1) break;
    start = next + 1;
  }
  return lines.join('\n').slice(0, DETECTION_SAMPLE_CHARS);
}

/**
 * A brace block with no brace inside. Starting only at `{` and stopping at the next brace, the
 * scans never overlap: one pass over the text.
 */
const BRACE_BLOCK = /\{([^{}]*)\}/g;
/** `name:` and one character of a value; its `;` is looked for apart (indexOf, no backtracking). */
const DECLARATION_START = /[\w-]\s*:[^;]/;

/** A CSS rule, `selector { name: value; }`: a block after a selector on its line, with a declaration. */
export function looksLikeCss(sample: string): boolean {
  for (const block of sample.matchAll(BRACE_BLOCK)) {
    const before = sample[block.index - 1];
    if (before === undefined || before === '\n' || before === '{' || before === '}') continue;
    const body = block[1]!;
    const declaration = DECLARATION_START.exec(body);
    if (declaration && body.includes(';', declaration.index + declaration[0].length)) return true;
  }
  return false;
}

/** Anchored at the line's start, with classes that do not overlap: linear in the line. */
const YAML_LINE = /^\s*(?:- )?[\w"'.-]+:(?:\s|$)|^\s*- |^---\s*$/;

/** Mostly `key: value`, list items or document markers. */
export function looksLikeYaml(sample: string): boolean {
  const lines = sample.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
  const matching = lines.filter((l) => YAML_LINE.test(l)).length;
  return lines.length >= 2 && matching / lines.length >= 0.6;
}

/** On equal scores highlight.js keeps the earlier language: the more common ones come first. */
const DETECTION_ORDER: LanguageId[] = [
  'python',
  'javascript',
  'typescript',
  'java',
  'go',
  'rust',
  'bash',
  'sql',
  'xml',
  'json',
  'markdown',
  'php',
  'ruby',
  'csharp',
  'cpp',
  'c',
  'kotlin',
  'swift',
  'diff',
  'dockerfile',
  'ini',
];

/** CSS and YAML grammars match ordinary words, so they compete only when the text looks like them. */
function candidates(sample: string): LanguageId[] {
  const ids = [...DETECTION_ORDER];
  if (looksLikeCss(sample)) ids.push('css');
  if (looksLikeYaml(sample)) ids.push('yaml');
  return ids;
}

/**
 * A log line: a timestamp (ISO or syslog) or a level word at its start. Anchored, fixed widths:
 * linear in the line.
 */
const LOG_LINE =
  /^\s*[[(]?(?:\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}|\d{2}:\d{2}:\d{2}|(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\b)/;

/** Mostly log lines: text, not code (grammars score timestamps and words as SQL or YAML). */
export function looksLikeLog(sample: string): boolean {
  const lines = sample.split('\n').filter((l) => l.trim());
  const matching = lines.filter((l) => LOG_LINE.test(l)).length;
  return lines.length >= 2 && matching / lines.length >= 0.5;
}

/** Python's own error report: highlighted as Python, not guessed (SQL scored it higher). */
const PYTHON_TRACEBACK = 'Traceback (most recent call last):';

/**
 * The most likely language of a text, or null (plain text) when nothing fits well enough — or
 * when the text is a log, which grammars score as SQL, Ruby or YAML: unsure means plain.
 */
export function detectLanguage(code: string): LanguageId | null {
  const sample = detectionSample(code);
  if (sample.includes(PYTHON_TRACEBACK)) return 'python';
  if (looksLikeLog(sample)) return null;
  const result = hljs.highlightAuto(sample, candidates(sample));
  const needed = Math.max(MIN_RELEVANCE, sample.split('\n').length * MIN_RELEVANCE_PER_LINE);
  return result.language && result.relevance >= needed ? (result.language as LanguageId) : null;
}
