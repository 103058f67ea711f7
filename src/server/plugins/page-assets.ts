import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type CriticalCss, criticalCss } from './critical-css.js';

/**
 * The pieces of the built web app a page can carry inline, so its first paint waits for no other
 * request (on a slow phone network each one is half a second or more).
 */
export interface InlineAssets {
  /** public/early.js (theme before the first paint, the paste read started early) and its CSP hash. */
  earlyScript: { text: string; hash: string } | null;
  /**
   * Stylesheets by their URL (`/assets/web-….css`), for the pages that inline them: each gives the
   * part of itself a page's classes use (critical-css.ts).
   */
  styles: Map<string, CriticalCss>;
}

const EARLY_SCRIPT = 'early.js';

/** Reads what `root` (dist/web) has to inline; nothing for a file that could close its own element. */
export function readInlineAssets(root: string, stylesheets: string[]): InlineAssets {
  const styles = new Map<string, CriticalCss>();
  for (const href of stylesheets) {
    const file = path.join(root, href);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) continue;
    const css = fs.readFileSync(file, 'utf8');
    if (!/<\/style/i.test(css)) styles.set(href, criticalCss(css));
  }
  const earlyFile = path.join(root, EARLY_SCRIPT);
  let earlyScript: InlineAssets['earlyScript'] = null;
  if (fs.existsSync(earlyFile)) {
    const text = fs.readFileSync(earlyFile, 'utf8');
    if (!/<\/script|<!--/i.test(text)) earlyScript = { text, hash: scriptHash(text) };
  }
  return { earlyScript, styles };
}

/** The CSP source that allows exactly this inline script (CSP Level 2 hash source). */
export const scriptHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The stylesheet URLs a shell links (`<link rel="stylesheet" … href="…">`). */
export function linkedStylesheets(shell: string): string[] {
  return [...shell.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[1]!);
}

/**
 * The script files a lazily loaded screen needs (its chunk and the chunks it imports), from Vite's
 * build manifest, leaving out those index.html loads anyway. Empty without a manifest.
 */
export function screenFiles(
  root: string,
  source: string,
  shell: string,
): { modules: string[]; styles: string[] } {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return { modules: [], styles: [] };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; css?: string[] }
  >;
  const modules = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || modules.has(entry.file)) return;
    modules.add(entry.file);
    for (const css of entry.css ?? []) styles.add(css);
    for (const next of entry.imports ?? []) visit(next);
  };
  visit(source);
  const fresh = (files: Set<string>) => [...files].filter((f) => !shell.includes(f)).map((f) => `/${f}`);
  return { modules: fresh(modules), styles: fresh(styles) };
}
