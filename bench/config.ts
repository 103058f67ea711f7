import os from 'node:os';
import { SCENARIOS, type Scenario } from './report.js';

/** Everything the bench reads from the environment, parsed once. */
export interface BenchConfig {
  /** Measured seconds per scenario and target. */
  seconds: number;
  /** Discarded warm-up seconds before each measurement. */
  warmupSeconds: number;
  connections: number;
  pipelining: number;
  /** How many distinct pastes the GET-many scenario reads, created before the runs. */
  manyPastes: number;
  /** postgres:// URL of a server where the bench may create (and drop) a database or schema. */
  databaseUrl: string | undefined;
  /** 'database' (default): CREATE DATABASE; 'schema': CREATE SCHEMA + search_path in the URL. */
  pgIsolation: 'database' | 'schema';
  /** Also run each scenario once more under `--cpu-prof` and summarise the profile. */
  profile: boolean;
  /** Where .cpuprofile files are kept (default: a temp dir that is left in place). */
  profileDir: string | undefined;
  /** Pin servers to the last CPU and the load generator to the others (taskset). */
  pin: boolean;
  /**
   * Shared machines: a run during which other processes used more than this many cores is
   * repeated (up to `retries` times, keeping the quietest), after waiting up to `quietWaitSeconds`
   * for the machine to calm down.
   */
  maxOtherCpu: number;
  retries: number;
  quietWaitSeconds: number;
  /** Which database targets to run: sqlite always unless BENCH_TARGETS says otherwise. */
  targets: Array<'sqlite' | 'postgres'>;
  /** Which scenarios to run (BENCH_SCENARIOS), in their usual order; all by default. */
  scenarios: Scenario[];
}

function num(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min} (got ${raw})`);
  return n;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const databaseUrl = env.BENCH_DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`BENCH_DATABASE_URL must be a postgres:// URL (got ${databaseUrl})`);
  }
  const isolation = env.BENCH_PG_ISOLATION ?? 'database';
  if (isolation !== 'database' && isolation !== 'schema') {
    throw new Error(`BENCH_PG_ISOLATION must be database or schema (got ${isolation})`);
  }
  const requested = (env.BENCH_TARGETS ?? 'sqlite,postgres').split(',').map((s) => s.trim());
  const targets: BenchConfig['targets'] = [];
  if (requested.includes('sqlite')) targets.push('sqlite');
  if (requested.includes('postgres') && databaseUrl) targets.push('postgres');
  const named = (env.BENCH_SCENARIOS ?? SCENARIOS.join(',')).split(',').map((s) => s.trim());
  const unknown = named.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_SCENARIOS names unknown scenarios: ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')})`,
    );
  }
  return {
    seconds: num(env, 'BENCH_SECONDS', 10),
    warmupSeconds: num(env, 'BENCH_WARMUP_SECONDS', 2, 0),
    connections: num(env, 'BENCH_CONNECTIONS', 32),
    pipelining: num(env, 'BENCH_PIPELINING', 1),
    manyPastes: Math.floor(num(env, 'BENCH_MANY_PASTES', 10_000)),
    databaseUrl,
    pgIsolation: isolation,
    profile: flag(env, 'BENCH_PROFILE', false),
    profileDir: env.BENCH_PROFILE_DIR || undefined,
    pin: flag(env, 'BENCH_PIN', os.availableParallelism() >= 2),
    maxOtherCpu: num(env, 'BENCH_MAX_OTHER_CPU', 0.25, 0),
    retries: num(env, 'BENCH_RETRIES', 3, 0),
    quietWaitSeconds: num(env, 'BENCH_QUIET_WAIT_SECONDS', 60, 0),
    targets,
    scenarios: SCENARIOS.filter((s) => named.includes(s)),
  };
}
