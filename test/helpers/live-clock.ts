import { TestClock } from './test-clock.js';

/**
 * A clock that runs with real time, moved ahead by hand: for tests where another process (an
 * identity provider) stamps times with the real clock, and the server must agree with it until
 * the test moves the server's clock on.
 */
export class LiveClock extends TestClock {
  private offset = 0;
  override now(): number {
    return Date.now() + this.offset;
  }
  override advance(ms: number): void {
    this.offset += ms;
  }
  override async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.offset += ms;
  }
}
