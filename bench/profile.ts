import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './processes.js';

/** The parts of a V8 .cpuprofile (what `node --cpu-prof` writes) this summary reads. */
interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Monotonic µs (process.hrtime / V8 sample stamps) of the measured run. */
export interface Window {
  fromUs: number;
  toUs: number;
}

export interface Row {
  name: string;
  ms: number;
  /** Share of busy time (everything but `(idle)`), in %. */
  pct: number;
}

export interface ProfileSummary {
  file: string;
  wallMs: number;
  idleMs: number;
  busyMs: number;
  /** Self time per function (name file:line). */
  selfByFunction: Row[];
  /** Self time per package / area (node_modules package, node: internals, app file, V8 buckets). */
  selfByModule: Row[];
  /** Time with the package / area anywhere on the stack. */
  inclusiveByModule: Row[];
  /** Time with the function anywhere on the stack, app code (src/**) only. */
  inclusiveByAppFunction: Row[];
}

/** Times of one profile, every function and area, in µs. */
export interface ProfileTimes {
  file: string;
  totalUs: number;
  idleUs: number;
  self: Map<string, number>;
  selfByModule: Map<string, number>;
  inclusive: Map<string, number>;
  inclusiveByModule: Map<string, number>;
}

function shortUrl(url: string): string {
  const file = url.startsWith('file://') ? url.slice('file://'.length) : url;
  if (file.startsWith(REPO_ROOT)) return path.relative(REPO_ROOT, file);
  return file;
}

/** Which package or area a frame belongs to. */
export function moduleOf(url: string, functionName: string): string {
  if (!url) {
    return functionName.startsWith('(') ? functionName : '(native: V8 builtins, C++ bindings)';
  }
  const file = shortUrl(url);
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = file.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (file.startsWith('node:')) {
    const parts = file.slice('node:'.length).split('/');
    const area = parts[0] === 'internal' && parts.length > 2 ? parts[1] : parts[parts.length === 1 ? 0 : 1];
    return `node:${area?.replace(/\.js$/, '')}`;
  }
  return file;
}

/**
 * Self and inclusive times of a .cpuprofile. With `window`, only samples inside it count:
 * start-up and module loading stay out.
 */
export function profileTimes(file: string, window?: Window): ProfileTimes {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const fnKey = (id: number) => {
    const cf = byId.get(id)!.callFrame;
    if (!cf.url) return cf.functionName || '(anonymous native)';
    return `${cf.functionName || '(anonymous)'} ${shortUrl(cf.url)}:${cf.lineNumber + 1}`;
  };
  const modKey = (id: number) => {
    const cf = byId.get(id)!.callFrame;
    return moduleOf(cf.url, cf.functionName);
  };

  const t: ProfileTimes = {
    file,
    totalUs: 0,
    idleUs: 0,
    self: new Map(),
    selfByModule: new Map(),
    inclusive: new Map(),
    inclusiveByModule: new Map(),
  };
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);

  const { samples, timeDeltas } = profile;
  let at = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    at += timeDeltas[i]!;
    // A sample lasts until the next one (DevTools' convention); the last one until endTime.
    const us = i + 1 < samples.length ? timeDeltas[i + 1]! : Math.max(0, profile.endTime - at);
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    const id = samples[i]!;
    t.totalUs += us;
    const key = fnKey(id);
    if (key === '(idle)') {
      t.idleUs += us;
      continue;
    }
    add(t.self, key, us);
    add(t.selfByModule, modKey(id), us);
    const seenMod = new Set<string>();
    const seenFn = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const m = modKey(cur);
      if (m === '(root)') continue;
      if (!seenMod.has(m)) {
        seenMod.add(m);
        add(t.inclusiveByModule, m, us);
      }
      const k = fnKey(cur);
      if (!seenFn.has(k)) {
        seenFn.add(k);
        add(t.inclusive, k, us);
      }
    }
  }
  return t;
}

export function rows(t: ProfileTimes, map: Map<string, number>, top: number, match?: RegExp): Row[] {
  const busyUs = t.totalUs - t.idleUs;
  return [...map.entries()]
    .filter(([name]) => !match || match.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({
      name,
      ms: Math.round(us / 100) / 10,
      pct: busyUs ? Math.round((us / busyUs) * 1000) / 10 : 0,
    }));
}

export function summariseProfile(file: string, top = 20, window?: Window): ProfileSummary {
  const t = profileTimes(file, window);
  return {
    file,
    wallMs: Math.round(t.totalUs / 1000),
    idleMs: Math.round(t.idleUs / 1000),
    busyMs: Math.round((t.totalUs - t.idleUs) / 1000),
    selfByFunction: rows(t, t.self, top),
    selfByModule: rows(t, t.selfByModule, top),
    inclusiveByModule: rows(t, t.inclusiveByModule, top),
    inclusiveByAppFunction: rows(t, t.inclusive, top, /(^| )src\//),
  };
}

export function formatRows(title: string, list: Row[]): string {
  const lines = list.map(
    (r) => `  ${r.pct.toFixed(1).padStart(5)} %  ${String(r.ms).padStart(8)} ms  ${r.name}`,
  );
  return [`${title}`, ...lines].join('\n');
}

export function formatSummary(s: ProfileSummary, top = 15): string {
  const busyPct = s.wallMs ? Math.round((s.busyMs / s.wallMs) * 1000) / 10 : 0;
  return [
    `${s.file}: ${s.wallMs} ms sampled, busy ${s.busyMs} ms (${busyPct} %), idle ${s.idleMs} ms; % of busy time`,
    formatRows('self time, by function:', s.selfByFunction.slice(0, top)),
    formatRows('self time, by package/area:', s.selfByModule.slice(0, top)),
    formatRows('inclusive time, by package/area:', s.inclusiveByModule.slice(0, top)),
    formatRows('inclusive time, app functions (src/):', s.inclusiveByAppFunction.slice(0, top)),
  ].join('\n');
}

/** The bench writes the measured window next to each profile, so later summaries can use it. */
export const WINDOW_FILE = 'window.json';
