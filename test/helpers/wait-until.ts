/**
 * How tests wait for a service (a server starting, a bucket, a mail, a background job): as long as
 * it needs. A loaded 2-CPU machine has started Swift in 40 s where an idle one takes 7, so a fixed
 * short budget fails runs that were only slow. The ceiling only catches a real hang, and while the
 * wait lasts the reason is printed every ~10 s, so a slow run says what it waits for.
 */

/** The longest any one service gets: far beyond a slow start, short of hiding a hang all day. */
export const SERVICE_CEILING_MS = 5 * 60_000;
const NOTE_EVERY_MS = 10_000;

/** Thrown by a probe when waiting longer cannot help (the process died): ends the wait at once. */
export class StopWaiting extends Error {}

export interface WaitOptions {
  ceilingMs?: number;
  /** Pause between probes. */
  intervalMs?: number;
  /** Where the progress notes go, and how often (tests of this helper collect them). */
  note?: (line: string) => void;
  noteEveryMs?: number;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * Calls `probe` until it returns a value other than undefined or false, and returns that value. A
 * probe that throws is not ready yet (its message is the reason printed), unless it throws
 * StopWaiting. After the ceiling, fails with the last reason.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  {
    ceilingMs = SERVICE_CEILING_MS,
    intervalMs = 100,
    note = console.error,
    noteEveryMs = NOTE_EVERY_MS,
  }: WaitOptions = {},
): Promise<T> {
  const started = Date.now();
  let lastNote = started;
  let reason = 'not ready yet';
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) {
        const waited = Date.now() - started;
        if (waited >= noteEveryMs) note(`${what}: ready after ${seconds(waited)}`);
        return value;
      }
      reason = 'not ready yet';
    } catch (e) {
      if (e instanceof StopWaiting) throw new Error(`${what}: ${e.message}`);
      reason = (e as Error).message;
    }
    const now = Date.now();
    if (now - started >= ceilingMs) {
      throw new Error(`${what}: still not ready after ${seconds(now - started)} (${reason}); it looks hung`);
    }
    if (now - lastNote >= noteEveryMs) {
      note(`waiting for ${what}: ${reason} (${seconds(now - started)} so far)`);
      lastNote = now;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Probe for an HTTP service: resolves true on a 2xx, throws the status or the connection error. */
export async function answersOk(url: string): Promise<true> {
  let status: number;
  try {
    const res = await fetch(url, { headers: { connection: 'close' } });
    await res.body?.cancel();
    status = res.status;
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`${url}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  }
  if (status < 200 || status > 299) throw new Error(`${url} answered ${status}`);
  return true;
}
