import { setTimeout as wait } from 'node:timers/promises';

/** Time source; tests pass one they can move. */
export interface Clock {
  now(): number;
  /** Waits this long (login and unlock slow-downs); a test clock moves itself instead of waiting. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = { now: () => Date.now(), sleep: (ms) => wait(ms) };

export const iso = (ms: number | null | undefined): string | null =>
  ms == null ? null : new Date(ms).toISOString();
