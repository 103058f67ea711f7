import { parseClamdUrl } from '../infra/clamd/clamd-client.js';

/**
 * Malware scanning of uploads (CLAMAV_URL, off when unset), for config.ts, the only reader of
 * process.env. CLAMAV_STREAM_MAX_BYTES must match clamd's StreamMaxLength (Debian ships 25M):
 * a larger file is scanned on that many first bytes.
 */
export interface ClamavConfig {
  url: string;
  maxStreamBytes: number;
  timeoutMs: number;
}

const DEBIAN_STREAM_MAX = 25 * 1024 * 1024;
const MAX_STREAM = 4 * 1024 * 1024 * 1024 - 1; // clamd's own ceiling

function wholeNumber(env: NodeJS.ProcessEnv, key: string, fallback: number, max: number, problems: string[]) {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max)
    problems.push(`${key}: must be a whole number from 1 to ${max}`);
  return n;
}

export function parseClamavEnv(env: NodeJS.ProcessEnv): {
  clamav: ClamavConfig | undefined;
  problems: string[];
} {
  const problems: string[] = [];
  const url = env.CLAMAV_URL?.trim();
  const maxStreamBytes = wholeNumber(env, 'CLAMAV_STREAM_MAX_BYTES', DEBIAN_STREAM_MAX, MAX_STREAM, problems);
  const timeoutMs = wholeNumber(env, 'CLAMAV_TIMEOUT_MS', 120_000, 3_600_000, problems);
  if (!url) return { clamav: undefined, problems };
  try {
    parseClamdUrl(url);
  } catch (e) {
    problems.push(
      `CLAMAV_URL: ${(e as Error).message} (e.g. tcp://127.0.0.1:3310 or unix:///run/clamav/clamd.ctl)`,
    );
  }
  return { clamav: { url, maxStreamBytes, timeoutMs }, problems };
}
