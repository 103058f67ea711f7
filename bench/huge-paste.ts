/**
 * A huge paste read by lines (issue 22), not part of `npm run bench` (about 3 minutes on 2 CPUs):
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
import { pipeline } from 'node:stream/promises';
import { CAPTCHA_BYPASS_TOKEN, CHUNK_SIZE_BYTES } from '../src/common/constants.js';
import { LineIndexBuilder } from '../src/server/modules/pastes/line-index/builder.js';
import type { LineIndex } from '../src/server/modules/pastes/line-index/format.js';
import { checkUtf8 } from '../src/server/modules/uploads/assembly.js';
import { chunkRequest, send } from './chunked-upload.js';
import { completeSetup, startPasteshare } from './pasteshare.js';
import { REPO_ROOT } from './processes.js';

const MB = 1024 * 1024;
const sizeMb = Number(process.env.BENCH_HUGE_MB ?? 1024);
const MARKER = 'NEEDLE-7f3a9c';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-huge-bench-'));
const log = (msg: string) => console.error(`[bench:huge] ${msg}`);
const ms = (start: number) => performance.now() - start;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A log of varied lines (~110 bytes, a few multi-byte characters), streamed to disk block by
 * block; one line holding MARKER at 99.5 % of the file.
 */
async function makeLog(): Promise<{ file: string; size: number }> {
  const file = path.join(tmp, 'huge.log');
  const target = sizeMb * MB;
  const markerAt = Math.floor(target * 0.995);
  const levels = ['INFO', 'WARN', 'DEBUG', 'INFO', 'ERROR'];
  let written = 0;
  let n = 0;
  let marked = false;
  function* blocks() {
    while (written < target) {
      const lines: string[] = [];
      let bytes = 0;
      while (bytes < MB && written + bytes < target) {
        n++;
        const marker = !marked && written + bytes >= markerAt ? ` ${MARKER}` : '';
        if (marker) marked = true;
        const line = `2026-11-25T10:${String(n % 60).padStart(2, '0')}:00.${String(n % 1000).padStart(3, '0')}Z ${levels[n % 5]} worker-${n % 8} req=${n.toString(36)} path=/api/pastes/${(n * 7919).toString(36)} status=200 took=${n % 97}ms — ok ✓${marker}\n`;
        lines.push(line);
        bytes += Buffer.byteLength(line);
      }
      const block = Buffer.from(lines.join(''));
      written += block.length;
      yield block;
    }
  }
  await pipeline(blocks, fs.createWriteStream(file));
  return { file, size: written };
}

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
  await checkUtf8(fs.createReadStream(file, { highWaterMark: MB }), size, async () => {}, {
    reportEveryBytes: size,
    pauseMs: 0,
    alsoTo: withIndex ? new LineIndexBuilder() : undefined,
  });
  return ms(start);
}

async function signIn(origin: string): Promise<Record<string, string>> {
  await completeSetup(origin);
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      username: 'admin',
      password: 'bench-admin-pass-123',
      captchaToken: CAPTCHA_BYPASS_TOKEN,
    }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const auth = { cookie, origin };
  const settings = await fetch(`${origin}/api/settings`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ maxPasteSize: 'unlimited' }),
  });
  if (settings.status !== 200) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
  return auth;
}

/** Chunks, then finalize → assembled: seconds of each. */
async function upload(origin: string, auth: Record<string, string>, file: string, size: number) {
  const totalChunks = Math.ceil(size / CHUNK_SIZE_BYTES);
  let start = performance.now();
  const init = await send(`${origin}/api/pastes/upload/init`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: () =>
      Buffer.from(JSON.stringify({ totalChunks, totalSize: size, title: 'huge.log', expiration: '1d' })),
  });
  if (init.status !== 200) throw new Error(`init: ${init.status} ${init.text}`);
  const { uploadId } = JSON.parse(init.text) as { uploadId: string };
  for (let i = 0; i < totalChunks; i++) {
    const offset = i * CHUNK_SIZE_BYTES;
    const c = chunkRequest(file, uploadId, i, offset, Math.min(CHUNK_SIZE_BYTES, size - offset));
    const res = await send(`${origin}/api/pastes/upload/chunk`, {
      method: 'POST',
      headers: { ...auth, 'content-type': c.contentType, 'content-length': c.length },
      body: c.body,
    });
    if (res.status !== 200) throw new Error(`chunk ${i}: ${res.status} ${res.text}`);
  }
  const chunksMs = ms(start);
  start = performance.now();
  const fin = await send(`${origin}/api/pastes/upload/finalize`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: () => Buffer.from(JSON.stringify({ uploadId })),
  });
  if (fin.status !== 201) throw new Error(`finalize: ${fin.status} ${fin.text}`);
  const { id } = JSON.parse(fin.text) as { id: string };
  for (;;) {
    const p = (await (await fetch(`${origin}/api/pastes/${id}/assembly-progress`)).json()) as {
      isComplete?: boolean;
    };
    if (p.isComplete) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { id, chunksMs, assemblyMs: ms(start) };
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
  const { file, size } = await makeLog();
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
    const up = await upload(origin, auth, file, size);
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
