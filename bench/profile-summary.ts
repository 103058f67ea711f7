/**
 * Summarises .cpuprofile files: `node --import tsx bench/profile-summary.ts <file|dir>... [--top N]
 * [--match REGEX]`. A directory's window.json (written by the bench) limits the summary to the
 * measured run; --match lists the inclusive time of every function whose "name file:line" matches.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  formatRows,
  formatSummary,
  profileTimes,
  rows,
  summariseProfile,
  WINDOW_FILE,
  type Window,
} from './profile.js';

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
}
const top = Number(option('--top') ?? 15);
const match = option('--match');
if (args.length === 0) {
  console.error(
    'usage: node --import tsx bench/profile-summary.ts <file.cpuprofile|dir>... [--top N] [--match REGEX]',
  );
  process.exit(2);
}

function windowFor(file: string): Window | undefined {
  const w = path.join(path.dirname(file), WINDOW_FILE);
  return fs.existsSync(w) ? (JSON.parse(fs.readFileSync(w, 'utf8')) as Window) : undefined;
}

for (const arg of args) {
  // In a directory, the main thread's profile (thread id 0) when there is one: tsx's loader
  // worker writes its own, idle during the run.
  const inDir = fs.statSync(arg).isDirectory()
    ? fs.readdirSync(arg).filter((f) => f.endsWith('.cpuprofile'))
    : [];
  const mainThread = inDir.filter((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  const files = fs.statSync(arg).isDirectory()
    ? (mainThread.length ? mainThread : inDir).map((f) => path.join(arg, f))
    : [arg];
  for (const f of files) {
    const window = windowFor(f);
    if (match) {
      const t = profileTimes(f, window);
      console.log(
        formatRows(`${f}: inclusive time of /${match}/`, rows(t, t.inclusive, top, new RegExp(match))),
      );
    } else {
      console.log(`${formatSummary(summariseProfile(f, top, window), top)}\n`);
    }
  }
}
