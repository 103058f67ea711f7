import fs from 'node:fs';
import tty from 'node:tty';
import { usageError } from './errors.js';

/** The terminal itself (/dev/tty), whatever stdin and stdout are; null without one. */
function openTerminal(): number | null {
  try {
    return fs.openSync('/dev/tty', 'r+');
  } catch {
    return null;
  }
}

/** True when there is a terminal to ask a question on. */
export function hasTerminal(): boolean {
  const fd = openTerminal();
  if (fd === null) return false;
  fs.closeSync(fd);
  return true;
}

/** Asks without echoing what is typed. No terminal: a usage error naming the flag to use instead. */
export async function askHidden(question: string): Promise<string> {
  const fd = openTerminal();
  if (fd === null) {
    throw usageError('a password is needed and there is no terminal to ask on: pass --password=VALUE');
  }
  return ask(fd, question, false);
}

/** A yes/no question on the terminal; anything but y/yes is no. */
export async function confirm(question: string): Promise<boolean> {
  const fd = openTerminal();
  if (fd === null) return false;
  return /^y(es)?$/i.test((await ask(fd, question, true)).trim());
}

/**
 * Asks on the terminal itself, so it works while stdin carries the paste; the answer is read in raw
 * mode and echoed only when `echo` is set.
 */
async function ask(fd: number, question: string, echo: boolean): Promise<string> {
  const input = new tty.ReadStream(fd);
  const write = (s: string) => fs.writeSync(fd, s);
  // Raw mode before the question: an answer typed the moment it shows is never echoed by the tty.
  input.setRawMode(true);
  write(question);
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      input.on('data', (data: Buffer) => {
        for (const ch of data.toString('utf8')) {
          if (ch === '\r' || ch === '\n') return resolve(typed);
          if (ch === '\u0003') return reject(usageError('cancelled'));
          if (ch === '\u007f' || ch === '\b') {
            if (echo && typed) write('\b \b');
            typed = typed.slice(0, -1);
          } else {
            typed += ch;
            if (echo) write(ch);
          }
        }
      });
    });
  } finally {
    input.setRawMode(false);
    write('\n');
    input.destroy();
  }
}

const MB = 1024 * 1024;
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;

/**
 * "12.0 MB / 150.0 MB  35.2 MB/s  4 s left" on stderr, redrawn in place — only when stderr is a
 * terminal, so logs and pipes get nothing but errors.
 */
export function progressMeter(total: number, stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let lastDraw = 0;
  const enabled = stream.isTTY === true;
  return {
    update(done: number, force = false): void {
      if (!enabled) return;
      const now = Date.now();
      if (!force && now - lastDraw < 200) return;
      lastDraw = now;
      const rate = done / Math.max(0.001, (now - started) / 1000);
      const left = rate > 0 ? Math.ceil((total - done) / rate) : 0;
      stream.write(`\r\x1b[K${mb(done)} / ${mb(total)}  ${mb(rate)}/s  ${left} s left`);
    },
    note(text: string): void {
      if (enabled) stream.write(`\r\x1b[K${text}`);
    },
    end(): void {
      if (enabled) stream.write('\r\x1b[K');
    },
  };
}
