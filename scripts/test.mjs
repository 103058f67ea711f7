// `npm test`: typecheck, lint, import boundaries, unit + integration tests on SQLite (and again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests. Every step runs even when one fails; the end
// names the failed steps and the exit code is non-zero if any did.
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { reportSteps, runSteps } from './run-steps.mjs';
import { ensureNginx, ensureSlapd, ensureSwift } from './system-packages.mjs';
import { readReports } from './test-reports.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (p) => path.join(root, 'node_modules', p);
const reports = path.join(root, 'test-results');
fs.mkdirSync(reports, { recursive: true });
for (const f of ['vitest.json', 'playwright.json']) fs.rmSync(path.join(reports, f), { force: true });

if (!process.env.TEST_DATABASE_URL) {
  if (process.env.CI === 'true') {
    console.error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suites must run in CI.');
    process.exit(1);
  }
  console.log(
    'PostgreSQL suites did not run: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).',
  );
}

// Everything npm cannot install, before the first step: a missing package stops the run now.
ensureNginx();
ensureSwift();
ensureSlapd();
ensureChromium();

const steps = [
  ['typecheck', [bin('typescript/bin/tsc'), '--noEmit']],
  ['lint', [bin('@biomejs/biome/bin/biome'), 'check', '.']],
  // The import rules of .dependency-cruiser.cjs: module boundaries, layers, no cycles.
  [
    'boundaries',
    [
      bin('dependency-cruiser/bin/dependency-cruise.mjs'),
      'src',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
  ],
  [
    'unit + integration',
    [
      bin('vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest.json`,
    ],
  ],
  ['browser', [path.join(root, 'scripts/e2e.mjs'), '--reporter=list,json']],
];

const started = Date.now();
const failedSteps = runSteps(steps, {
  cwd: root,
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` },
});
summary();
process.exit(reportSteps(failedSteps));

function summary() {
  const { passed, failed, skipped, failures } = readReports(reports);
  console.log(`\nAll steps took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length > 0) console.log(`Failed tests:\n  ${failures.join('\n  ')}`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
