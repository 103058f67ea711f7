import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser, withTestApp } from '../../../../test/helpers/test-app.js';
import { FORGOT_PER_EMAIL, FORGOT_PER_IP } from './auth.limits.js';

/**
 * Issue 9 #12: forgot-password must not tell, by its timing, whether an address has an account.
 * Relative, not absolute: the median difference of back-to-back pairs, with a bound far above the
 * noise of identical work and below the cost of the token write and mail the known address needs.
 */
// No mail provider: a send fails at once, so no mail server shares the CPU with the measurements.
const t = withTestApp();

/**
 * The client runs in a worker thread, like an attacker in another process: work the server does
 * after answering must not count, and in this thread it would delay reading the answer.
 */
const CLIENT = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ url, email }) => {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ email }),
  });
  await res.text();
  parentPort.postMessage({ status: res.status, ms: performance.now() - started });
});
`;
let client: Worker;
beforeEach(() => {
  client = new Worker(CLIENT, { eval: true });
});
afterEach(async () => {
  await client.terminate();
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

describe('forgot password timing', () => {
  it('answers known and unknown addresses in the same time', async () => {
    const known = 'timing@example.com';
    const unknown = 'nobody-here@example.com';
    await createUser(t, { email: known });
    const limiter = t.app.services.rateLimiter;

    async function timed(email: string): Promise<number> {
      // The attacker's best case: nothing else running, every request measured alone.
      await t.app.services.mail.settled();
      await limiter.reset(FORGOT_PER_IP, '127.0.0.1');
      await limiter.reset(FORGOT_PER_EMAIL, email);
      const answer = new Promise<{ status: number; ms: number }>((resolve) =>
        client.once('message', resolve),
      );
      client.postMessage({ url: `${t.baseUrl}/api/auth/forgot-password`, email });
      const { status, ms } = await answer;
      expect(status).toBe(200);
      return ms;
    }

    for (let i = 0; i < 6; i++) await timed(i % 2 ? known : unknown); // warm-up
    // Pairs taken back to back, in random order: the machine's load drifts, a pair shares it.
    const diffs: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const knownFirst = Math.random() < 0.5;
      const a = await timed(knownFirst ? known : unknown);
      const b = await timed(knownFirst ? unknown : known);
      const [k, u] = knownFirst ? [a, b] : [b, a];
      diffs.push(k - u);
      unknownTimes.push(u);
    }
    const diff = median(diffs);
    const base = median(unknownTimes);
    expect(
      Math.abs(diff),
      `known - unknown ${diff.toFixed(2)} ms, unknown ${base.toFixed(2)} ms`,
    ).toBeLessThan(Math.max(3, base * 0.4));
  });
});
