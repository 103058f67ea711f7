import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const runner = pathToFileURL(path.join(import.meta.dirname, 'run-steps.mjs')).href;

/** `npm test`'s runner over steps that are one-line Node programs; its output and exit code. */
function runnerOver(steps: [string, string][]) {
  const program = `
    import { reportSteps, runSteps } from ${JSON.stringify(runner)};
    const steps = ${JSON.stringify(steps)}.map(([name, code]) => [name, ['-e', code]]);
    process.exit(reportSteps(runSteps(steps, { cwd: process.cwd(), env: process.env })));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout };
}

describe("npm test's step runner", () => {
  it('runs the steps after a failed one, then names every failed step and exits non-zero', () => {
    const { code, out } = runnerOver([
      ['lint', 'process.exit(3)'],
      ['unit', 'console.log("unit ran")'],
      ['browser', 'console.log("browser ran"); process.exit(1)'],
    ]);
    expect(out).toContain('--- lint: FAILED (exit 3)');
    expect(out).toContain('unit ran');
    expect(out).toContain('--- unit: ok');
    expect(out).toContain('browser ran');
    expect(out.trimEnd().split('\n').at(-1)).toBe('FAILED steps (2): lint, browser');
    expect(code).toBe(1);
  });

  it('exits 0 when every step passed', () => {
    const { code, out } = runnerOver([
      ['typecheck', ''],
      ['lint', ''],
    ]);
    expect(out.trimEnd().split('\n').at(-1)).toBe('Every step passed.');
    expect(code).toBe(0);
  });
});

describe("npm test's report of the runners' results", () => {
  it('names every failed test of both runners, and a file that failed outside its tests', async () => {
    const { readReports } = await import('./test-reports.mjs');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reports-'));
    const results = path.join(dir, 'test-results');
    fs.mkdirSync(results);
    fs.writeFileSync(
      path.join(results, 'vitest.json'),
      JSON.stringify({
        numPassedTests: 3,
        numFailedTests: 1,
        numPendingTests: 0,
        numTodoTests: 0,
        testResults: [
          {
            name: path.join(dir, 'src/a.test.ts'),
            status: 'failed',
            assertionResults: [
              { fullName: 'a works', status: 'passed' },
              { fullName: 'a fails', status: 'failed' },
            ],
          },
          {
            name: path.join(dir, 'src/b.test.ts'),
            status: 'failed',
            message: 'Hook timed out\nat …',
            assertionResults: [],
          },
        ],
      }),
    );
    fs.writeFileSync(
      path.join(results, 'playwright.json'),
      JSON.stringify({
        stats: { expected: 5, unexpected: 1, flaky: 0, skipped: 1 },
        suites: [
          {
            file: 'paste.spec.ts',
            specs: [{ title: 'shows the text', ok: true }],
            suites: [{ specs: [{ title: 'copies the link', ok: false }] }],
          },
        ],
      }),
    );
    expect(readReports(results)).toEqual({
      passed: 8,
      failed: 2,
      skipped: 1,
      failures: [
        'src/a.test.ts > a fails',
        'src/b.test.ts: Hook timed out',
        'paste.spec.ts › copies the link',
      ],
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
