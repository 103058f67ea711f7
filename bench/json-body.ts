/**
 * Micro-benchmark of the JSON body path, in-process, no server:
 * - JsonShapeGuard alone, MB/s over a 50 MB paste body;
 * - the 2 KB create body: the floor (strict decode + JSON.parse) against our path (guard +
 *   strict decode + JSON.parse + assertAcceptableJson), per body;
 * - the longest single step for a 50 MB body (what would block the event loop).
 * `node --import tsx bench/json-body.ts`
 */
import { Readable } from 'node:stream';
import { JsonShapeGuard } from '../src/server/lib/json-shape-guard.js';
import { assertAcceptableJson } from '../src/server/lib/json-value-checks.js';
import { readJsonBodyText } from '../src/server/lib/read-json-body.js';
import { encodeUtf8InSlices } from '../src/server/lib/utf8-slices.js';
import { createPasteBody } from './payload.js';

const MB = 1024 * 1024;
const ms = (t0: number) => performance.now() - t0;

function bigBody(): Buffer {
  const line = 'const größe = "quoted \\ value";\t// façade 日本語 🎉 0123456789 abcdefghijklmnop\n';
  const content = line.repeat(Math.floor((50 * MB) / Buffer.byteLength(line)));
  return Buffer.from(JSON.stringify({ content, title: 'big', expiration: '1d' }));
}

function chunks(buf: Buffer, size = 64 * 1024): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}

const big = bigBody();
{
  const parts = chunks(big);
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const guard = new JsonShapeGuard();
    for (const c of parts) guard.push(c);
    best = Math.min(best, ms(t0));
  }
  console.log(
    `guard: ${(big.length / MB / (best / 1000)).toFixed(0)} MB/s (${best.toFixed(1)} ms for ${(big.length / MB).toFixed(1)} MiB)`,
  );
}

{
  const small = Buffer.from(createPasteBody());
  const strict = new TextDecoder('utf-8', { fatal: true });
  const n = 50_000;
  const floor = () => JSON.parse(strict.decode(small));
  const newPath = () => {
    new JsonShapeGuard().push(small);
    const v = JSON.parse(strict.decode(small));
    assertAcceptableJson(v);
    return v;
  };
  for (const [name, f] of [
    ['floor', floor],
    ['ours', newPath],
    ['floor', floor],
    ['ours', newPath],
  ] as const) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f();
    console.log(`2 KB body, ${name} path: ${((ms(t0) * 1000) / n).toFixed(2)} µs per body`);
  }
  const guardOnly = () => new JsonShapeGuard().push(small);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) guardOnly();
  console.log(`2 KB body, guard alone: ${((ms(t0) * 1000) / n).toFixed(2)} µs per body`);
}

{
  // The steps a 50 MB create runs, each timed alone: the event loop is blocked by the longest.
  const steps: Record<string, number> = {};
  const parts = chunks(big);
  let longestChunk = 0;
  const stream = new Readable({ read() {} });
  const reading = readJsonBodyText(stream, { limit: 64 * MB });
  for (const c of parts) {
    const t0 = performance.now();
    stream.push(c);
    longestChunk = Math.max(longestChunk, ms(t0));
  }
  let t0 = performance.now();
  stream.push(null);
  const text = await reading;
  steps['end of body (flush + join)'] = ms(t0);
  steps['one 64 KB chunk, longest'] = longestChunk;
  t0 = performance.now();
  const value = JSON.parse(text) as { content: string };
  steps['JSON.parse'] = ms(t0);
  t0 = performance.now();
  assertAcceptableJson(value);
  steps.assertAcceptableJson = ms(t0);
  t0 = performance.now();
  Buffer.from(value.content, 'utf8');
  steps['Buffer.from(content) (before: one step)'] = ms(t0);
  const slices = encodeUtf8InSlices(value.content);
  t0 = performance.now();
  await slices;
  steps['encodeUtf8InSlices (all slices, with turns between)'] = ms(t0);
  for (const [k, v] of Object.entries(steps)) console.log(`50 MB: ${k}: ${v.toFixed(1)} ms`);
}
