// What the test runners' JSON reports say, for the end of `npm test`: the counts, and every failed
// test by name, so a failure early in a long run is not lost in its scrollback.
import fs from 'node:fs';
import path from 'node:path';

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/**
 * The counts and failures of `dir`/vitest.json and `dir`/playwright.json (either may be missing:
 * a runner that crashed wrote none, and its step is named as failed anyway).
 * @param {string} dir
 * @returns {{ passed: number, failed: number, skipped: number, failures: string[] }}
 */
export function readReports(dir) {
  const out = { passed: 0, failed: 0, skipped: 0, failures: [] };
  const vitest = readJson(path.join(dir, 'vitest.json'));
  if (vitest) {
    out.passed += vitest.numPassedTests;
    out.failed += vitest.numFailedTests;
    out.skipped += vitest.numPendingTests + vitest.numTodoTests;
    for (const file of vitest.testResults ?? []) {
      const name = path.relative(path.dirname(dir), file.name);
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of tests) out.failures.push(`${name} > ${t.fullName}`);
      // A file that failed outside its tests (an import, a hook): its message says why.
      if (file.status === 'failed' && tests.length === 0) {
        out.failures.push(`${name}: ${String(file.message ?? '').split('\n')[0]}`);
      }
    }
  }
  const playwright = readJson(path.join(dir, 'playwright.json'));
  if (playwright) {
    out.passed += playwright.stats.expected;
    out.failed += playwright.stats.unexpected + playwright.stats.flaky;
    out.skipped += playwright.stats.skipped;
    const visit = (suite, file) => {
      for (const spec of suite.specs ?? []) if (!spec.ok) out.failures.push(`${file} › ${spec.title}`);
      for (const inner of suite.suites ?? []) visit(inner, file);
    };
    for (const suite of playwright.suites ?? []) visit(suite, suite.file ?? suite.title);
  }
  return out;
}
