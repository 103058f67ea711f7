import { describe, expect, it, vi } from 'vitest';
import { createUser, withTestApp } from '../../../../test/helpers/test-app.js';

/**
 * Forgot-password must not tell, by its timing, whether an address has an account.
 * Proven by order, not by a stopwatch (a wall-clock bound fails on a busy machine):
 * the answer goes out before the address is even looked up, so nothing that depends on it — the
 * lookup, the token, the mail — can delay the answer.
 */
const t = withTestApp();

describe('forgot password timing', () => {
  it('answers known and unknown addresses alike before it looks either up', async () => {
    const known = 'timing@example.com';
    await createUser(t, { email: known });
    const users = t.app.services.users;
    const lookup = users.findByEmail.bind(users);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const looked: string[] = [];
    const spy = vi.spyOn(users, 'findByEmail').mockImplementation(async (email: string) => {
      looked.push(email);
      await held;
      return lookup(email);
    });
    try {
      const answers = [];
      for (const email of [known, 'nobody-here@example.com']) {
        const res = await t.client().post('/api/auth/forgot-password', { email });
        answers.push({ status: res.status, body: res.text, length: res.headers.get('content-length') });
      }
      // Both answered while every lookup was still held.
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]!.status).toBe(200);
      expect(looked.sort()).toEqual(['nobody-here@example.com', known].sort());
    } finally {
      release();
      await t.app.services.mail.settled();
      spy.mockRestore();
    }
  });
});
