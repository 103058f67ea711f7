import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** "issue 21", "Issues 21 + 22", "issue 9 #12": the decision log holds history, not the code. */
const ISSUE_REFERENCE = /\b[Ii]ssues? #?\d+/;

it('no source file cites an issue number (the decision log says why, not the code)', () => {
  const files = execFileSync('git', ['ls-files', 'src', 'cli', 'scripts', 'e2e', 'test', 'bench'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs|cjs|css)$/.test(f) && f !== 'test/source-comments.test.ts');
  expect(files.length).toBeGreaterThan(500);
  const citing = files.flatMap((f) => {
    const full = path.join(root, f);
    if (!fs.existsSync(full)) return [];
    return fs
      .readFileSync(full, 'utf8')
      .split('\n')
      .flatMap((line, i) => (ISSUE_REFERENCE.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : []));
  });
  expect(citing).toEqual([]);
});
