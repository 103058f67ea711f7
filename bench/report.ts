import fs from 'node:fs';
import path from 'node:path';
import type { CpuUse } from './cpu.js';
import type { LoadResult } from './load.js';

export type Scenario = 'GET' | 'GET-many' | 'POST';

/** In the order they run. */
export const SCENARIOS: readonly Scenario[] = ['GET', 'GET-many', 'POST'];
/** What the ratios are taken against: bare node:http, and Fastify alone (no database). */
export type Baseline = 'bare' | 'fastify';
export type DbTarget = 'sqlite' | 'postgres';
/**
 * A database target's floor (bench/db-floor-server.ts): Fastify + the product's point read + its JSON
 * building, on the same store as that target, no access rules, no view counting. Reads only.
 */
export type DbFloor = `${DbTarget}-floor`;
export type Target = Baseline | DbTarget | DbFloor;

export const dbFloorOf = (t: DbTarget): DbFloor => `${t}-floor`;
export const isDbFloor = (t: Target): t is DbFloor => t.endsWith('-floor');
/** The scenarios a database floor runs: the reads (it has no insert path). */
export const DB_FLOOR_SCENARIOS: readonly Scenario[] = ['GET', 'GET-many'];

/** One measured run of a scenario (several when the machine was busy). */
export interface Attempt {
  rps: number;
  p50: number;
  p99: number;
  cpu: CpuUse | null;
}

export interface Measured extends LoadResult {
  scenario: Scenario;
  target: Target;
  /** CPU used during the measured window, in cores; `other` high means a noisy machine. */
  cpu: CpuUse | null;
  /** Runs made (more than one when other processes were busy, see BENCH_MAX_OTHER_CPU)… */
  attempts: number;
  /** …each of them; the fields above are from the fastest. */
  tries: Attempt[];
}

export interface Measurement extends Measured {
  /** req/s of this target over req/s of the bare server for the same scenario. */
  ratioToBare: number | null;
  /**
   * 2xx responses per second per core the server process used (rps / server CPU). On a shared
   * machine this moves much less than req/s: it is what one quiet core would serve, if CPU-bound.
   */
  rpsPerServerCore: number | null;
  /** rpsPerServerCore over the bare server's. */
  perCoreRatioToBare: number | null;
  /** Database targets: req/s and req/s per server core over the Fastify floor's (hot reads). */
  ratioToFastifyFloor: number | null;
  perCoreRatioToFastifyFloor: number | null;
  /** Database targets: req/s and req/s per server core over their own database floor's (cold reads). */
  ratioToDbFloor: number | null;
  perCoreRatioToDbFloor: number | null;
}

/** `10 000`: thousands separated by spaces, as in the README. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ' ');

/** Table labels; `manyPastes` is the size of the GET-many set (BENCH_MANY_PASTES). */
export function scenarioLabels(manyPastes: number): Record<Scenario, string> {
  return {
    GET: 'GET /api/pastes/:id (2 KB)',
    'GET-many': `GET /api/pastes/:id (2 KB, ${grouped(manyPastes)} distinct)`,
    POST: 'POST /api/pastes (2 KB)',
  };
}

const ratio = (a: number | null, b: number | null | undefined) =>
  a !== null && b ? Math.round((a / b) * 1000) / 1000 : null;

export function withRatios(list: Measured[]): Measurement[] {
  const perCore = (m: Measured) => (m.cpu && m.cpu.server > 0 ? Math.round(m.rps / m.cpu.server) : null);
  const find = (target: Target, scenario: Scenario) =>
    list.find((b) => b.target === target && b.scenario === scenario);
  return list.map((m) => {
    const bare = find('bare', m.scenario);
    const isDb = m.target === 'sqlite' || m.target === 'postgres';
    const fastify = isDb ? find('fastify', m.scenario) : undefined;
    const floor = isDb ? find(dbFloorOf(m.target as DbTarget), m.scenario) : undefined;
    return {
      ...m,
      ratioToBare: ratio(m.rps, bare?.rps),
      rpsPerServerCore: perCore(m),
      perCoreRatioToBare: ratio(perCore(m), bare && perCore(bare)),
      ratioToFastifyFloor: ratio(fastify ? m.rps : null, fastify?.rps),
      perCoreRatioToFastifyFloor: ratio(fastify ? perCore(m) : null, fastify && perCore(fastify)),
      ratioToDbFloor: ratio(floor ? m.rps : null, floor?.rps),
      perCoreRatioToDbFloor: ratio(floor ? perCore(m) : null, floor && perCore(floor)),
    };
  });
}

const pct = (r: number | null) => (r === null ? '-' : `${(r * 100).toFixed(1)} %`);

/** The table's name for a target: the floors are there to read the app against, not contenders. */
export const targetLabel = (t: Target) =>
  t === 'fastify' ? 'fastify (floor)' : isDbFloor(t) ? `${t.slice(0, -'-floor'.length)} (db floor)` : t;
const times = (r: number | null) => (r === null ? '-' : `${r.toFixed(2)}×`);

export function formatTable(list: Measurement[], labels: Record<Scenario, string>): string {
  const head = [
    'scenario',
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs bare',
    'req/s per srv core',
    'vs bare',
    'CPU srv/pg/other',
    'non-2xx/err',
    'runs',
    'per core vs fastify floor',
    'per core vs db floor',
  ];
  const body = list.map((m) => [
    labels[m.scenario],
    targetLabel(m.target),
    m.rps.toFixed(0),
    m.latencyMs.p50.toFixed(2),
    m.latencyMs.p99.toFixed(2),
    pct(m.ratioToBare),
    m.rpsPerServerCore === null ? '-' : String(m.rpsPerServerCore),
    pct(m.perCoreRatioToBare),
    m.cpu ? `${m.cpu.server.toFixed(2)}/${m.cpu.postgres.toFixed(2)}/${m.cpu.other.toFixed(2)}` : '-',
    `${m.non2xx}/${m.errors + m.timeouts}`,
    String(m.attempts),
    times(m.perCoreRatioToFastifyFloor),
    times(m.perCoreRatioToDbFloor),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** bench/results/<ISO time>.json (colons replaced: the name must be valid everywhere). */
export function writeResults(dir: string, data: unknown, at = new Date()): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${at
      .toISOString()
      .replace(/:/g, '-')
      .replace(/\.\d+Z$/, 'Z')}.json`,
  );
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
