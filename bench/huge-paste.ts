/**
 * A huge paste read by lines, not part of `npm run bench` (about 3 minutes on 2 CPUs):
 * a 1 GB log (BENCH_HUGE_MB) written to disk as a stream, uploaded through the chunked API in
 * 40 MB chunks to the real server (compiled bundle, local disk, SQLite), then read as the
 * browser's viewer reads it: the first window, the last line's window, windows across the file,
 * and a search for a marker placed near the end (continued from nextFrom until found) and for a
 * text that is nowhere (the whole file scanned). Beside it, the line index's share of the
 * upload: the assembly's one pass over the bytes (UTF-8 check + sha256, as
 * src/server/modules/uploads/assembly.ts runs it) timed over the same file with and without the
 * index builder riding along. Reports, never asserts.
 *
 *   node --import tsx bench/huge-paste.ts            # 1 GB
 *   BENCH_HUGE_MB=200 node --import tsx bench/huge-paste.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LineIndexBuilder } from '../src/server/modules/line-index/builder.js';
import type { LineIndex } from '../src/server/modules/line-index/format.js';
import { checkAssembled } from '../src/server/modules/uploads/assembly.js';
import { uploadChunked } from './chunked-upload.js';
import { MARKER, MB, makeLog, signIn } from './huge-log.js';
import { startPasteshare } from './pasteshare.js';
import { REPO_ROOT } from './processes.js';

const sizeMb = Number(process.env.BENCH_HUGE_MB ?? 1024);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-huge-bench-'));
const log = (msg: string) => console.error(`[bench:huge] ${msg}`);
const ms = (start: number) => performance.now() - start;
const round = (n: number) => Math.round(n * 10) / 10;

/** Milliseconds to read the file (from the page cache after the first time), doing nothing with it. */
async function readAll(file: string): Promise<number> {
  const start = performance.now();
  for await (const _chunk of fs.createReadStream(file, { highWaterMark: MB })) {
  }
  return ms(start);
}

/** The file's line index, built as a lazy build does: one streamed read. */
async function indexFile(file: string): Promise<LineIndex> {
  const builder = new LineIndexBuilder();
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MB })) builder.push(chunk as Buffer);
  return builder.finish();
}

/** The assembly's pass over the file (UTF-8 check + sha256), with or without the index builder. */
async function assemblyPass(file: string, size: number, withIndex: boolean): Promise<number> {
  const start = performance.now();
  await checkAssembled(fs.createReadStream(file, { highWaterMark: MB }), size, async () => {}, {
    reportEveryBytes: size,
    pauseMs: 0,
    alsoTo: withIndex ? new LineIndexBuilder() : undefined,
    sealed: false,
  });
  return ms(start);
}

async function getJson<T>(url: string): Promise<{ body: T; ms: number }> {
  const start = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as T;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { body, ms: ms(start) };
}

interface Lines {
  lines: string[];
  totalLines: number;
}
interface Search {
  matches: { line: number; text: string }[];
  nextFrom: number | null;
  scannedBytes: number;
}

/** Searches from line 1, following nextFrom, until a match (or the end): time to it, bytes scanned. */
async function searchUntilFound(origin: string, id: string, q: string) {
  const start = performance.now();
  let from: number | null = 1;
  let scanned = 0;
  let requests = 0;
  let firstMatch: number | null = null;
  while (from !== null && firstMatch === null) {
    const r: { body: Search } = await getJson<Search>(
      `${origin}/api/pastes/${id}/search?q=${encodeURIComponent(q)}&from=${from}&limit=100`,
    );
    requests++;
    scanned += r.body.scannedBytes;
    firstMatch = r.body.matches[0]?.line ?? null;
    from = r.body.nextFrom;
  }
  const took = ms(start);
  return { firstMatch, ms: took, requests, scannedMB: scanned / MB, MBs: scanned / MB / (took / 1000) };
}

const rssMB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  log(`writing a ${sizeMb} MB log`);
  const { file, size } = await makeLog(tmp, sizeMb);
  log('the assembly pass over it without and with the line index builder, and the builder alone (3 rounds)');
  const rounds = {
    without: [] as number[],
    withIndex: [] as number[],
    readOnly: [] as number[],
    build: [] as number[],
  };
  let index: LineIndex | null = null;
  await readAll(file); // page cache warm
  for (let i = 0; i < 3; i++) {
    rounds.without.push(await assemblyPass(file, size, false));
    rounds.withIndex.push(await assemblyPass(file, size, true));
    rounds.readOnly.push(await readAll(file));
    const start = performance.now();
    index = await indexFile(file);
    rounds.build.push(ms(start));
  }
  const [without, withIndex, readOnly, build] = [
    rounds.without,
    rounds.withIndex,
    rounds.readOnly,
    rounds.build,
  ].map((r) => Math.min(...r)) as [number, number, number, number];
  if (!index) throw new Error('no index built');

  const dataDir = path.join(tmp, 'server');
  const server = await startPasteshare({ name: 'huge', dataDir });
  try {
    const origin = server.origin;
    const auth = await signIn(origin);
    log('uploading through the chunked API');
    const up = await uploadChunked(origin, auth, file, size, 'huge.log');
    const id = up.id;
    const first = await getJson<Lines>(`${origin}/api/pastes/${id}/lines?from=1&count=200`);
    const total = first.body.totalLines;
    if (total !== index.totalLines)
      throw new Error(`totalLines ${total}, the bench counted ${index.totalLines}`);
    const rssBefore = rssMB(server.child.proc.pid!);
    const last = await getJson<Lines>(`${origin}/api/pastes/${id}/lines?from=${total - 199}&count=200`);
    if (last.body.lines.length !== 200) throw new Error('the last window is short');
    // 100 windows spread over the file, as a reader jumping around it.
    const spread: number[] = [];
    for (let i = 0; i < 100; i++) {
      const from = 1 + Math.floor(((i * 7919) % 100) * (total / 100));
      spread.push((await getJson<Lines>(`${origin}/api/pastes/${id}/lines?from=${from}&count=200`)).ms);
    }
    log('searching');
    const marker = await searchUntilFound(origin, id, MARKER);
    const nowhere = await searchUntilFound(origin, id, 'no such text anywhere');
    const common = await getJson<Search>(`${origin}/api/pastes/${id}/search?q=ERROR&limit=100`);
    const rssAfter = rssMB(server.child.proc.pid!);

    const uploadTotal = up.chunksMs + up.assemblyMs;
    const buildCpu = build - readOnly;
    const results = {
      sizeMb: round(size / MB),
      totalLines: total,
      indexEntries: index.lines.length,
      uploadChunksS: round(up.chunksMs / 1000),
      assemblyS: round(up.assemblyMs / 1000),
      assemblyPassWithoutIndexS: round(without / 1000),
      assemblyPassWithIndexS: round(withIndex / 1000),
      indexBuildCpuS: round(buildCpu / 1000),
      indexShareOfUploadPct: round((buildCpu / uploadTotal) * 100),
      lazyIndexBuildS: round(build / 1000),
      firstWindowMs: round(first.ms),
      lastLineWindowMs: round(last.ms),
      spreadWindowMedianMs: round(median(spread)),
      spreadWindowMaxMs: round(Math.max(...spread)),
      markerFirstHitMs: round(marker.ms),
      markerLine: marker.firstMatch,
      markerRequests: marker.requests,
      markerMBs: round(marker.MBs),
      fullScanMBs: round(nowhere.MBs),
      fullScanS: round(nowhere.ms / 1000),
      fullScanRequests: nowhere.requests,
      commonTermFirst100Ms: round(common.ms),
      serverRssBeforeReadsMB: round(rssBefore),
      serverRssAfterReadsMB: round(rssAfter),
    };
    console.log(`\nHuge paste: ${results.sizeMb} MB, ${total} lines, on local disk (SQLite)`);
    console.table(results);
    const out = path.join(
      REPO_ROOT,
      'bench',
      'results',
      `huge-paste-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.json`,
    );
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify({ cpus: os.cpus().length, ...results }, null, 2)}\n`);
    log(`results in ${path.relative(REPO_ROOT, out)}`);
  } finally {
    await server.child.stop();
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
