/**
 * Part of `npm run bench` (BENCH_METRICS=0 skips it): the hot GET of one paste on two servers, one
 * with metrics off (neither METRICS_TOKEN nor METRICS_PORT: nothing timed) and one with them on
 * (METRICS_TOKEN: every request timed into the histogram, the process metrics sampled), in
 * alternating rounds so both see the same machine. Reports req/s and their ratio; never asserts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type LoadResult, warmAndDrive } from './load.js';
import { prepare, type RunningServer, startPasteshare } from './pasteshare.js';
import { pinSelf } from './processes.js';

if (process.env.BENCH_METRICS === '0') process.exit(0);

const ROUNDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const log = (msg: string) => console.error(`[bench:metrics] ${msg}`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-metrics-bench-'));
// Both servers on the same CPU (one is loaded at a time), the load generator on the others: which
// server the scheduler happens to favour would otherwise decide the ratio.
const pinning = pinSelf(true);

async function start(name: string, extraEnv: Record<string, string>) {
  const server = await startPasteshare({
    name,
    dataDir: path.join(tmp, name),
    extraEnv,
    cpu: pinning?.serverCpu,
  });
  const { id } = await prepare(server);
  return { server, id };
}

function run(server: RunningServer, id: string): Promise<LoadResult> {
  return warmAndDrive(
    {
      url: `${server.origin}/api/pastes/${id}`,
      method: 'GET',
      connections: 16,
      pipelining: 1,
      seconds: SECONDS,
    },
    1,
  );
}

const off = await start('metrics-off', {});
const on = await start('metrics-on', { METRICS_TOKEN: 'bench-metrics-token-0123' });
try {
  const rps: { off: number[]; on: number[] } = { off: [], on: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so a drift of the machine falls on both.
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const which of order) {
      const s = which === 'off' ? off : on;
      const r = await run(s.server, s.id);
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${which}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      rps[which].push(r.rps);
      log(`round ${round + 1}, metrics ${which}: ${r.rps.toFixed(0)} req/s`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [a, b] = [median(rps.off), median(rps.on)];
  console.log(
    `hot GET, metrics off: ${a.toFixed(0)} req/s; metrics on: ${b.toFixed(0)} req/s; on ÷ off = ${(b / a).toFixed(3)} (goal ≥ 0.95: ${b / a >= 0.95 ? 'met' : 'NOT met'})`,
  );
} finally {
  await off.server.child.stop();
  await on.server.child.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
