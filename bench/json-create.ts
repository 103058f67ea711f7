/**
 * Part of `npm run bench` (BENCH_JSON_CREATE=0 skips it): a 40 MB paste created as JSON on
 * `POST /api/pastes` (JSON up to 50 MB), beside the same content sent as multipart,
 * the path large content took before, measured in the same run on the real server. Each way runs
 * on a fresh server: three creates, the median time, and the server's peak RSS over its idle RSS
 * (VmRSS sampled every 20 ms). Reports, never asserts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonPostHeaders, request } from './http.js';
import { completeSetup, startPasteshare } from './pasteshare.js';

if (process.env.BENCH_JSON_CREATE === '0') process.exit(0);

const MB = 1024 * 1024;
const ROUNDS = 3;
const log = (msg: string) => console.error(`[bench:json-create] ${msg}`);

/** 40 MB of log-like UTF-8 lines, with characters JSON must escape (quotes, backslashes, tabs). */
function content(): string {
  const line = '2026-11-25T06:00:00Z INFO "worker" C:\\jobs\\run\tserved in 12 ms — ok ✓\n';
  return line.repeat(Math.floor((40 * MB) / Buffer.byteLength(line)));
}

/** Peak VmRSS of a process while `work` runs. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = 0;
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      peak = Math.max(peak, kb * 1024);
    } catch {}
  };
  read();
  const timer = setInterval(read, 20);
  try {
    const result = await work();
    read();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

type Way = 'json' | 'multipart';

function body(way: Way, text: string): { headers: Record<string, string>; body: Buffer } {
  if (way === 'json') {
    return {
      headers: {},
      body: Buffer.from(JSON.stringify({ content: text, title: 'big', expiration: '1d' })),
    };
  }
  const boundary = '----pasteshare-bench';
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nbig\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="expiration"\r\n\r\n1d\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="content"; filename="big.log"\r\nContent-Type: text/plain\r\n\r\n`,
  ];
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function measure(way: Way, text: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pasteshare-json-create-${way}-`));
  const server = await startPasteshare({ name: `pasteshare-${way}`, dataDir });
  try {
    await completeSetup(server.origin);
    const pid = server.child.proc.pid!;
    await new Promise((r) => setTimeout(r, 500));
    const idle = await peakRss(pid, () => new Promise((r) => setTimeout(r, 300)));
    const { headers, body: payload } = body(way, text);
    const times: number[] = [];
    let peak = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const run = await peakRss(pid, () =>
        request(`${server.origin}/api/pastes`, {
          method: 'POST',
          headers: { ...jsonPostHeaders(server.origin), ...headers },
          body: payload,
        }),
      );
      times.push(performance.now() - t0);
      if (run.result.status !== 201) {
        throw new Error(
          `${way} create answered ${run.result.status}: ${run.result.body.toString().slice(0, 300)}`,
        );
      }
      peak = Math.max(peak, run.peak);
    }
    times.sort((a, b) => a - b);
    return { way, bodyBytes: payload.length, ms: times[Math.floor(ROUNDS / 2)]!, idle: idle.peak, peak };
  } finally {
    await server.child.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const text = content();
log(`content: ${(Buffer.byteLength(text) / MB).toFixed(1)} MB; ${ROUNDS} creates each way`);
const multipart = await measure('multipart', text);
const json = await measure('json', text);
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
for (const m of [multipart, json]) {
  console.log(
    `40 MB create, ${m.way}: body ${mb(m.bodyBytes)}, median ${(m.ms / 1000).toFixed(2)} s; server RSS idle ${mb(m.idle)}, peak ${mb(m.peak)} (+${mb(m.peak - m.idle)})`,
  );
}
console.log(
  `40 MB create, JSON against multipart: ${(json.ms / multipart.ms).toFixed(2)}× the time, ${((json.peak - json.idle) / Math.max(1, multipart.peak - multipart.idle)).toFixed(1)}× the memory above idle`,
);
