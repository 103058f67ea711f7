import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanForSecrets } from '../src/common/secret-scan.js';

/** Ordinary code must not trip the secret warning: this repository is the corpus. */
describe('the secret scan on our own code', () => {
  it("finds nothing in this repository's own sources, tests and documents", () => {
    const root = path.resolve(import.meta.dirname, '..');
    const hits: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (['node_modules', 'dist', 'results', 'test-results', 'data'].includes(entry.name)) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|mjs|md|json|yml|css|html)$/.test(entry.name)) {
          for (const f of scanForSecrets(fs.readFileSync(full, 'utf8'))) {
            hits.push(`${path.relative(root, full)}:${f.line} ${f.kind}`);
          }
        }
      }
    };
    for (const dir of ['src', 'test', 'e2e', 'cli', 'docs', 'bench', 'scripts']) walk(path.join(root, dir));
    expect(hits).toEqual([]);
  });
});
