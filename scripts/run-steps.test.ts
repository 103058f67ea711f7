import { spawnSync } from 'node:child_process';
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
