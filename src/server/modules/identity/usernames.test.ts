import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidUsername, numberedUsername, uniqueUsername, usernameBase } from './usernames.js';

describe('usernames from a provider’s claim', () => {
  it('keeps a claim that meets the rules, and fits one that does not', () => {
    expect(usernameBase('alice')).toBe('alice');
    expect(usernameBase('Zoë Smith')).toBe('Zoe_Smith');
    expect(usernameBase('jean-luc.picard@corp.example')).toBe('jean-luc-picard');
    expect(usernameBase('first_last-name')).toBe('first_last_name');
    expect(usernameBase('mo')).toBe('user_mo');
    expect(usernameBase('山田')).toBe('user');
    expect(usernameBase(null)).toBe('user');
    expect(usernameBase('a'.repeat(40))).toBe('a'.repeat(30));
    expect(usernameBase('--x--y--')).toBe('--x--y--');
    expect(usernameBase('.x..y.')).toBe('x_y');
  });

  it('numbers a taken name with its separator, within 30 characters', async () => {
    const taken = new Set(['bob', 'bob_2', 'jean-luc']);
    expect(await uniqueUsername('bob', async (n) => taken.has(n))).toBe('bob_3');
    expect(await uniqueUsername('jean-luc', async (n) => taken.has(n))).toBe('jean-luc-2');
    expect(numberedUsername('x'.repeat(30), 12)).toBe(`${'x'.repeat(27)}_12`);
  });

  it('always gives a valid username, whatever the claim', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.string({ maxLength: 80 })),
        fc.integer({ min: 2, max: 5000 }),
        async (claim, n) => {
          const base = usernameBase(claim);
          expect(isValidUsername(base), JSON.stringify(claim)).toBe(true);
          expect(isValidUsername(numberedUsername(base, n))).toBe(true);
        },
      ),
    );
  });
});
