import autocannon, { type Result } from 'autocannon';
import type { CpuUse } from './cpu.js';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * When set, the path of every request (`url` then gives only the origin): called once per request
   * across all connections, so the connections share one sequence (see `pathCycle`).
   */
  nextPath?: () => string;
  connections: number;
  pipelining: number;
  seconds: number;
}

export interface LoadResult {
  /** 2xx responses per second over the measured window. */
  rps: number;
  ok: number;
  seconds: number;
  /** Latency of 2xx responses in ms, from autocannon's per-response times (µs resolution). */
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Response bytes per second (headers + body) as autocannon counted them. */
  bytesPerSec: number;
}

/** Nearest-rank percentile of a sorted array. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i]!;
}

function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** One autocannon run. autocannon's own latency histogram has 1 ms resolution, so we keep our own. */
export function drive(spec: LoadSpec): Promise<LoadResult> {
  let times = new Float64Array(1 << 16);
  let n = 0;
  const { nextPath } = spec;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: spec.headers,
        body: spec.body,
        // setupRequest runs before each send (autocannon then re-encodes that one request).
        requests: nextPath
          ? [
              {
                setupRequest: (req) => {
                  req.path = nextPath();
                  return req;
                },
              },
            ]
          : undefined,
        connections: spec.connections,
        pipelining: spec.pipelining,
        duration: spec.seconds,
        timeout: 10,
      },
      (err: Error | null, r: Result) => {
        if (err) return reject(err);
        const sorted = times.subarray(0, n).sort();
        let sum = 0;
        for (const t of sorted) sum += t;
        const statusCodes = Object.fromEntries(
          Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count]),
        );
        resolve({
          rps: round(r['2xx'] / r.duration, 1),
          ok: r['2xx'],
          seconds: r.duration,
          latencyMs: {
            p50: round(percentile(sorted, 0.5)),
            p90: round(percentile(sorted, 0.9)),
            p99: round(percentile(sorted, 0.99)),
            max: round(percentile(sorted, 1)),
            mean: round(n ? sum / n : 0),
          },
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          statusCodes,
          bytesPerSec: Math.round(r.throughput.average),
        });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status < 200 || status > 299) return;
      if (n === times.length) {
        const bigger = new Float64Array(times.length * 2);
        bigger.set(times);
        times = bigger;
      }
      times[n++] = ms;
    });
  });
}

/**
 * `paths` in a fixed shuffled order (seeded Fisher–Yates, the same permutation on every run), then
 * again from the start: each call returns the next one. A spec keeps its cycle across warm-up,
 * measured run and retries, so consecutive requests keep walking through the whole set.
 */
export function pathCycle(paths: readonly string[], seed = 0x9e3779b9): () => string {
  if (paths.length === 0) throw new Error('pathCycle needs at least one path');
  const order = [...paths];
  let s = seed >>> 0;
  const random = () => {
    // mulberry32
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let i = 0;
  return () => {
    const p = order[i]!;
    i = i + 1 === order.length ? 0 : i + 1;
    return p;
  };
}

/** Microseconds on the monotonic clock, the one V8 stamps .cpuprofile samples with. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * A discarded warm-up (JIT, connection setup, SQLite page cache), then the measured run; also
 * returns when the measured run started and ended, to cut a CPU profile to that window.
 */
export async function warmAndDrive(
  spec: LoadSpec,
  warmupSeconds: number,
  meter: () => (() => CpuUse) | null = () => null,
): Promise<LoadResult & { cpu: CpuUse | null; window: { fromUs: number; toUs: number } }> {
  if (warmupSeconds > 0) await drive({ ...spec, seconds: warmupSeconds });
  const stopMeter = meter();
  const fromUs = monotonicUs();
  const r = await drive(spec);
  const window = { fromUs, toUs: monotonicUs() };
  return { ...r, cpu: stopMeter?.() ?? null, window };
}
