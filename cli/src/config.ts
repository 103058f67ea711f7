import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { usageError } from './errors.js';

/** What the CLI needs to talk to a site: its address and, optionally, an API key. */
export interface Target {
  url: string;
  key: string | undefined;
}

interface StoredConfig {
  url?: string;
  key?: string;
}

/** `$XDG_CONFIG_HOME/pasteshare/config.json` (~/.config when unset). */
export function configPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'pasteshare', 'config.json');
}

/** The config file, or nothing; refused when it holds a key others may read (like ssh does). */
export function readConfig(env: NodeJS.ProcessEnv): StoredConfig {
  const file = configPath(env);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  let stored: StoredConfig;
  try {
    stored = JSON.parse(text) as StoredConfig;
  } catch {
    throw usageError(`${file} is not valid JSON: fix or delete it`);
  }
  if (stored.key && (fs.statSync(file).mode & 0o077) !== 0) {
    throw usageError(`${file} holds an API key and others may read it: run chmod 600 ${file}`);
  }
  return stored;
}

/** Writes the config file readable by its owner only (mode 0600, folder 0700). */
export function writeConfig(env: NodeJS.ProcessEnv, update: StoredConfig): string {
  const file = configPath(env);
  const next = { ...readConfigIgnoringMode(file), ...update };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, file);
  return file;
}

function readConfigIgnoringMode(file: string): StoredConfig {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredConfig;
  } catch {
    return {};
  }
}

/** The site's base URL, without a trailing slash; refused unless http(s). */
export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`not an http(s) URL: ${raw}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** --url / --key first, then PASTESHARE_URL / PASTESHARE_API_KEY, then the config file. */
export function resolveTarget(
  flags: { url?: string | undefined; key?: string | undefined },
  env: NodeJS.ProcessEnv,
): Target {
  const stored = flags.url && flags.key ? {} : readConfig(env);
  const url = flags.url ?? env.PASTESHARE_URL ?? stored.url;
  if (!url) {
    throw usageError('no site: pass --url, set PASTESHARE_URL, or run `pasteshare config --url URL`');
  }
  const key = flags.key ?? env.PASTESHARE_API_KEY ?? stored.key;
  return { url: normalizeUrl(url), key: key || undefined };
}
