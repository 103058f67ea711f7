import { beforeAll, describe, expect, it } from 'vitest';
import {
  DETECTION_SAMPLE_CHARS,
  detectionSample,
  detectLanguage,
  looksLikeCss,
  looksLikeLog,
  looksLikeYaml,
} from './detect-language';
import { ORDINARY_SAMPLES } from './detect-language.samples';

/**
 * Best of three runs, in CPU milliseconds of this process: the machine is shared, so wall time
 * measures the neighbours too. A backtracking regex is slow on every run.
 */
function cpuMs(run: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

const repeatTo = (unit: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const linesOf = (unit: string, width: number, length: number) =>
  repeatTo(`${repeatTo(unit, width - 1)}\n`, length);

/**
 * Texts that made the old hints or a highlight.js grammar backtrack, by length. The first is the
 * review's: `x…x{a…a` made `[^{}\n]+\{[^{}]*[\w-]+\s*:…` cubic (15 s at 6 KB).
 */
const ADVERSARIAL: Record<string, (length: number) => string> = {
  'selector then a brace block without a colon': (n) => `${repeatTo('x', n / 2)}{${repeatTo('a', n / 2 - 1)}`,
  'a block of names and colons without a semicolon': (n) => `a{${repeatTo('a:', n - 2)}`,
  'a block of hyphens before a colon': (n) => `a{${repeatTo('-', n - 3)}:`,
  'one such rule per line': (n) => linesOf('x{aaaa', 80, n),
  'spaces then a word with no colon (YAML)': (n) => `${repeatTo(' ', n / 2)}${repeatTo('a', n / 2)}`,
  'list markers without a space (YAML)': (n) => repeatTo('-', n),
  'one long word': (n) => repeatTo('a', n),
  'lines of words': (n) => linesOf('a', 160, n),
  'lines of quotes': (n) => linesOf('"', 160, n),
  'lines of open parentheses': (n) => linesOf('(a', 160, n),
  'lines of underscores': (n) => linesOf('_', 160, n),
};

describe('detectLanguage', () => {
  beforeAll(() => {
    // highlight.js compiles each grammar on first use: do that outside the timed runs.
    for (const [, , code] of ORDINARY_SAMPLES) detectLanguage(code);
  });

  it.each(ORDINARY_SAMPLES)('names an ordinary %s paste as before: %s', (_name, expected, code) => {
    expect(detectLanguage(code)).toBe(expected);
  });

  it('names a long paste by its beginning', () => {
    const typescript = ORDINARY_SAMPLES.find(([name]) => name === 'typescript')![2];
    expect(detectLanguage(repeatTo(typescript, 150_000))).toBe('typescript');
  });

  describe.each([6_000, 60_000])('on %i characters', (length) => {
    it.each(Object.entries(ADVERSARIAL))('finishes at once on %s', (_shape, make) => {
      const code = make(length);
      expect(code.length).toBe(length);
      expect(cpuMs(() => detectLanguage(code))).toBeLessThan(200);
    });
  });
});

describe('the CSS and YAML hints', () => {
  it('are linear on the whole text, not only on the sample', () => {
    for (const make of Object.values(ADVERSARIAL)) {
      const code = make(60_000);
      expect(cpuMs(() => looksLikeCss(code))).toBeLessThan(50);
      expect(cpuMs(() => looksLikeYaml(code))).toBeLessThan(50);
      expect(cpuMs(() => looksLikeLog(code))).toBeLessThan(50);
    }
  });

  it.each([
    ['2026-11-24T11:00:00Z started\n2026-11-24T11:00:01Z ready', true],
    ['Nov 24 11:02:15 host sshd[1]: ok\nNov 24 11:02:16 host cron[2]: ok', true],
    ['INFO starting\nWARN slow disk\nERROR gave up', true],
    ['[11:02:03] build\n[11:02:09] done', true],
    ['SELECT * FROM t;\nINSERT INTO t VALUES (1);', false],
    ['def f():\n    return 1', false],
  ])('takes %j for a log: %s', (text, expected) => {
    expect(looksLikeLog(text)).toBe(expected);
  });

  it.each([
    ['body {\n  margin: 0;\n}', true],
    ['.a > b:hover { color: red; }', true],
    ['a{b:c;}', true],
    ['{ color: red; }', false],
    ['a\n{ color: red; }', false],
    ['a { color: red }', false],
    ['a { color:; }', false],
    ['a { : red; }', false],
    ['a {\n  color: red;\n', false],
    ['if (x) { y = 1; }', false],
    ['function f() { return a ? b : c; }', true],
  ])('takes %j for CSS: %s', (text, expected) => {
    expect(looksLikeCss(text)).toBe(expected);
  });

  it.each([
    ['name: ci\non:\n  push: true', true],
    ['- one\n- two', true],
    ['---\nkey: value', true],
    ['just some words\nand more words', false],
    ['key:value\nother:thing', false],
  ])('takes %j for YAML: %s', (text, expected) => {
    expect(looksLikeYaml(text)).toBe(expected);
  });
});

describe('detectionSample', () => {
  it('is the beginning of the text, bounded in characters, lines and line length', () => {
    expect(detectionSample('a\nb\n')).toBe('a\nb\n');
    expect(detectionSample(repeatTo('a', 60_000))).toBe(repeatTo('a', 120));
    expect(detectionSample(linesOf('a', 10, 60_000))).toBe(linesOf('a', 10, 1_000).slice(0, -1));
    expect(detectionSample(linesOf('word ', 400, 60_000)).length).toBe(DETECTION_SAMPLE_CHARS);
    expect(detectionSample(linesOf('word ', 400, 60_000))).toMatch(/^(?:(?:word ){24}\n)+/);
  });
});
