import fs from 'node:fs';

/** Clock ticks per second of /proc times (USER_HZ; 100 on every Linux we run on). */
const HZ = 100;

function machineBusyTicks(): number {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: everything but idle and iowait.
  return f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!;
}

/** utime + stime of a process (all its threads), and its command name. */
function processStat(pid: number | string): { comm: string; ticks: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const f = stat.slice(close + 2).split(' ');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}

/** Per-pid ticks of every PostgreSQL process (postmaster and backends). */
function postgresTicks(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const s = processStat(pid);
    if (s && (s.comm === 'postgres' || s.comm.startsWith('postgres:'))) out.set(pid, s.ticks);
  }
  return out;
}

export interface CpuUse {
  /** CPU used by the server under test, in cores (1 = one core fully busy). */
  server: number;
  /** CPU used by this process (autocannon). */
  bench: number;
  /** CPU used by PostgreSQL's processes (all databases; nothing else should be using it). */
  postgres: number;
  /** Everything else on the machine: other people's work. High values mean a noisy measurement. */
  other: number;
}

/** Starts measuring; call the result to stop. Null where /proc is missing. */
export function cpuMeter(serverPid: number | undefined): (() => CpuUse) | null {
  if (!fs.existsSync('/proc/stat')) return null;
  const t0 = performance.now();
  const m0 = machineBusyTicks();
  const s0 = serverPid ? (processStat(serverPid)?.ticks ?? 0) : 0;
  const b0 = processStat(process.pid)?.ticks ?? 0;
  const pg0 = postgresTicks();
  return () => {
    const secs = (performance.now() - t0) / 1000;
    const cores = (ticks: number) => Math.round((ticks / HZ / secs) * 100) / 100;
    let pgTicks = 0;
    for (const [pid, ticks] of postgresTicks()) pgTicks += ticks - (pg0.get(pid) ?? 0);
    const server = cores((serverPid ? (processStat(serverPid)?.ticks ?? 0) : 0) - s0);
    const bench = cores((processStat(process.pid)?.ticks ?? 0) - b0);
    const postgres = cores(pgTicks);
    const machine = cores(machineBusyTicks() - m0);
    return {
      server,
      bench,
      postgres,
      other: Math.max(0, Math.round((machine - server - bench - postgres) * 100) / 100),
    };
  };
}

/**
 * Waits until the rest of the machine is quiet (busy CPU, ours excluded, under `maxOther` cores
 * over one second), at most `timeoutMs`. Returns the last reading.
 */
export async function waitForQuiet(maxOther: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stop = cpuMeter(undefined);
    if (!stop) return 0;
    await new Promise((r) => setTimeout(r, 1000));
    const { other } = stop();
    if (other <= maxOther || Date.now() >= deadline) return other;
  }
}
