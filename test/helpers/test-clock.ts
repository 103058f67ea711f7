import type { Clock } from '../../src/server/clock.js';

/** A clock tests move by hand. */
export class TestClock implements Clock {
  /** Every wait asked of this clock, in order (it moves time instead of waiting). */
  readonly sleeps: number[] = [];
  constructor(private t = Date.UTC(2026, 10, 1, 12, 0, 0)) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.t += ms;
  }
}
