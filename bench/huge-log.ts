/**
 * The huge-paste benches' shared parts (bench/huge-paste.ts, bench/huge-paste-browser.ts): the
 * generated log (streamed to disk, never held whole), signing in as the bench admin with the size
 * limit lifted, and the upload through the chunked API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CAPTCHA_BYPASS_TOKEN } from '../src/common/constants.js';
import { completeSetup } from './pasteshare.js';

export const MB = 1024 * 1024;
export const MARKER = 'NEEDLE-7f3a9c';
const LEVELS = ['INFO', 'WARN', 'DEBUG', 'INFO', 'ERROR'];

/** Line n (1-based) of the log, without its LF; `marked` appends MARKER. */
export function logLine(n: number, marked = false): string {
  return `2026-11-25T10:${String(n % 60).padStart(2, '0')}:00.${String(n % 1000).padStart(3, '0')}Z ${LEVELS[n % 5]} worker-${n % 8} req=${n.toString(36)} path=/api/pastes/${(n * 7919).toString(36)} status=200 took=${n % 97}ms — ok ✓${marked ? ` ${MARKER}` : ''}`;
}

/** A text only line n holds (its request id between spaces): how a page checks it shows that line. */
export function lineToken(n: number): string {
  return ` req=${n.toString(36)} `;
}

export interface GeneratedLog {
  file: string;
  size: number;
  /** How many lines (each ends with an LF). */
  lines: number;
  /** The line holding MARKER. */
  markerLine: number;
}

/**
 * A log of varied lines (~110 bytes, a few multi-byte characters: logLine), streamed to disk
 * block by block into `dir`; one line holding MARKER at 99.5 % of the file.
 */
export async function makeLog(dir: string, sizeMb: number): Promise<GeneratedLog> {
  const file = path.join(dir, 'huge.log');
  const target = sizeMb * MB;
  const markerAt = Math.floor(target * 0.995);
  let written = 0;
  let n = 0;
  let markerLine = 0;
  function* blocks() {
    while (written < target) {
      const lines: string[] = [];
      let bytes = 0;
      while (bytes < MB && written + bytes < target) {
        n++;
        const marked = markerLine === 0 && written + bytes >= markerAt;
        if (marked) markerLine = n;
        const line = `${logLine(n, marked)}\n`;
        lines.push(line);
        bytes += Buffer.byteLength(line);
      }
      const block = Buffer.from(lines.join(''));
      written += block.length;
      yield block;
    }
  }
  await pipeline(blocks, fs.createWriteStream(file));
  return { file, size: written, lines: n, markerLine };
}

/** First-run setup, the admin's session (cookie + origin headers), the paste size limit lifted. */
export async function signIn(origin: string): Promise<Record<string, string>> {
  const auth = await adminSession(origin);
  const settings = await fetch(`${origin}/api/settings`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ maxPasteSize: 'unlimited' }),
  });
  if (settings.status !== 200) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
  return auth;
}

/** First-run setup and the admin's session: the cookie and origin headers a state change needs. */
export async function adminSession(origin: string): Promise<Record<string, string>> {
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
  return { cookie, origin };
}
