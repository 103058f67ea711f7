// Prints the non-test source lines of each server module and web feature, and every source file
// over 300 lines (docs/architecture.md, "Sizes"). Usage: node scripts/sizes.mjs
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const FILE_LIMIT = 300;
// Data, not code: the language detector's samples.
const DATA_FILES = [/\.samples\.ts$/];
const isSource = (f) =>
  /\.(ts|tsx)$/.test(f) &&
  !/\.(test|spec)\.tsx?$/.test(f) &&
  !f.endsWith('.d.ts') &&
  !DATA_FILES.some((p) => p.test(f));

function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter(isSource);
}

const lines = (file) => fs.readFileSync(file, 'utf8').split('\n').length - 1;
const sum = (files) => files.reduce((n, f) => n + lines(f), 0);

function report(title, parent) {
  const dir = path.join(root, parent);
  const rows = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const files = filesUnder(path.join(dir, e.name));
      const subs = fs
        .readdirSync(path.join(dir, e.name), { withFileTypes: true })
        .filter((s) => s.isDirectory())
        .map((s) => `${s.name} ${sum(filesUnder(path.join(dir, e.name, s.name)))}`);
      return { name: e.name, total: sum(files), subs };
    })
    .sort((a, b) => b.total - a.total);
  console.log(`${title} (${parent}, lines without tests and data files)`);
  for (const r of rows) {
    const subs = r.subs.length ? `  (of which ${r.subs.join(', ')})` : '';
    console.log(`  ${r.name.padEnd(20)} ${String(r.total).padStart(6)}${subs}`);
  }
}

report('Server modules', 'src/server/modules');
report('Web features', 'src/web/features');

const big = ['src', 'cli/src']
  .flatMap((d) => filesUnder(path.join(root, d)))
  .map((f) => ({ file: path.relative(root, f), n: lines(f) }))
  .filter((f) => f.n > FILE_LIMIT)
  .sort((a, b) => b.n - a.n);
console.log(`Source files over ${FILE_LIMIT} lines (tests and data files left out): ${big.length}`);
for (const f of big) console.log(`  ${f.file} ${f.n}`);
