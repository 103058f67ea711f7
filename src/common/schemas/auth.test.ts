import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isEmailLike,
  placeholderEmail,
  type RegistrationInput,
  registrationError,
  registrationErrors,
} from './auth.js';

const FILL = 'Please fill in all fields';
const CAPTCHA = 'Please complete the captcha verification';
const MISMATCH = 'Passwords do not match';
const PASSWORD_SHORT = 'Password must be at least 8 characters';
const PASSWORD_LONG = 'Password must not exceed 30 characters';
const USERNAME_SHORT = 'Username must be at least 3 characters';
const USERNAME_LONG = 'Username must not exceed 30 characters';
const USERNAME_CHARS =
  'Username can only contain letters, numbers, underscores, or hyphens (no spaces or special characters)';
const USERNAME_MIXED = 'Username can contain either underscores or hyphens, but not both';

const FORM = { requireEmail: true, checkCaptcha: true };
const valid: RegistrationInput = {
  username: 'alice',
  email: 'alice@example.com',
  password: 'password1',
  confirmPassword: 'password1',
  captchaToken: 'token',
};
const withPassword = (password: string): RegistrationInput => ({
  ...valid,
  password,
  confirmPassword: password,
});
const check = (changes: Partial<RegistrationInput>, opts = FORM) =>
  registrationError({ ...valid, ...changes }, opts);

describe('registrationError: each rule of spec §5', () => {
  it('accepts a valid registration', () => {
    expect(registrationError(valid, FORM)).toBeNull();
  });

  it('requires every field', () => {
    expect(check({ username: '' })).toBe(FILL);
    expect(check({ password: '' })).toBe(FILL);
    expect(check({ confirmPassword: '' })).toBe(FILL);
    expect(check({ email: '' })).toBe(FILL);
    expect(check({ email: '   ' })).toBe(FILL);
    expect(check({ email: undefined })).toBe(FILL);
  });

  it('requires the email only when email verification is required', () => {
    const noEmail = { requireEmail: false, checkCaptcha: true };
    expect(check({ email: '' }, noEmail)).toBeNull();
    expect(check({ email: undefined }, noEmail)).toBeNull();
    expect(check({ email: 'not-an-email' }, noEmail)).toBeNull();
  });

  it('refuses an email that is not an address when it is required', () => {
    expect(check({ email: 'not-an-email' })).toBe('Please enter a valid email address.');
  });

  it('requires the captcha unless the caller does not check it', () => {
    expect(check({ captchaToken: '' })).toBe(CAPTCHA);
    expect(check({ captchaToken: undefined })).toBe(CAPTCHA);
    expect(check({ captchaToken: undefined }, { requireEmail: true, checkCaptcha: false })).toBeNull();
  });

  it('requires matching passwords', () => {
    expect(check({ confirmPassword: 'password2' })).toBe(MISMATCH);
  });

  it('uses the one password as its own confirmation when there is none (server)', () => {
    expect(check({ confirmPassword: undefined })).toBeNull();
    expect(check({ password: '', confirmPassword: undefined })).toBe(FILL);
  });

  it('takes passwords of 8 to 30 characters', () => {
    expect(registrationError(withPassword('1234567'), FORM)).toBe(PASSWORD_SHORT);
    expect(registrationError(withPassword('12345678'), FORM)).toBeNull();
    expect(registrationError(withPassword('x'.repeat(30)), FORM)).toBeNull();
    expect(registrationError(withPassword('x'.repeat(31)), FORM)).toBe(PASSWORD_LONG);
  });

  it('takes usernames of 3 to 30 characters', () => {
    expect(check({ username: 'ab' })).toBe(USERNAME_SHORT);
    expect(check({ username: 'abc' })).toBeNull();
    expect(check({ username: 'a'.repeat(30) })).toBeNull();
    expect(check({ username: 'a'.repeat(31) })).toBe(USERNAME_LONG);
  });

  it.each(['al ice', 'alice!', 'al.ice', 'al@ice', 'alice/', 'al+ice', ' alice', 'alice\n'])(
    'refuses the username %j for its characters',
    (username) => {
      expect(check({ username })).toBe(USERNAME_CHARS);
    },
  );

  it('takes letters, digits, underscores or hyphens', () => {
    for (const username of ['Alice', 'bob42', '123', 'a_b_c', 'a-b-c', '___', '---', 'A1_z9']) {
      expect(check({ username })).toBeNull();
    }
  });

  it('refuses underscores and hyphens together', () => {
    expect(check({ username: 'a_b-c' })).toBe(USERNAME_MIXED);
    expect(check({ username: '_-_' })).toBe(USERNAME_MIXED);
  });
});

describe("registrationError: the spec's order of messages", () => {
  it('missing fields before the captcha', () => {
    expect(check({ username: '', captchaToken: '' })).toBe(FILL);
  });

  it('captcha before mismatched passwords', () => {
    expect(check({ captchaToken: '', confirmPassword: 'other' })).toBe(CAPTCHA);
  });

  it('mismatched passwords before password length', () => {
    expect(check({ password: 'short', confirmPassword: 'shorter' })).toBe(MISMATCH);
  });

  it('password too short before username rules', () => {
    expect(registrationError({ ...withPassword('short'), username: 'a b' }, FORM)).toBe(PASSWORD_SHORT);
    expect(registrationError({ ...withPassword('x'.repeat(31)), username: 'ab' }, FORM)).toBe(PASSWORD_LONG);
  });

  it('username length before its characters', () => {
    expect(check({ username: 'a!' })).toBe(USERNAME_SHORT);
    expect(check({ username: `${'a'.repeat(30)}!` })).toBe(USERNAME_LONG);
  });

  it('username characters before mixed separators', () => {
    expect(check({ username: 'a_b-c!' })).toBe(USERNAME_CHARS);
  });

  it('username rules before the email format', () => {
    expect(check({ username: 'a_b-c', email: 'bad' })).toBe(USERNAME_MIXED);
  });

  it('walks through the messages in order as each problem is fixed', () => {
    const step = (
      username: string,
      password: string,
      confirmPassword: string,
      captchaToken: string,
      email = 'bad',
    ): RegistrationInput => ({ username, email, password, confirmPassword, captchaToken });
    const long = 'x'.repeat(31);
    const steps: [RegistrationInput, string | null][] = [
      [step('', 'x', 'y', ''), FILL],
      [step('a b-_', 'x', 'y', ''), CAPTCHA],
      [step('a b-_', 'x', 'y', 't'), MISMATCH],
      [step('a b-_', 'x', 'x', 't'), PASSWORD_SHORT],
      [step('a', long, long, 't'), PASSWORD_LONG],
      [step('a', 'password1', 'password1', 't'), USERNAME_SHORT],
      [step('a'.repeat(31), 'password1', 'password1', 't'), USERNAME_LONG],
      [step('a b-_', 'password1', 'password1', 't'), USERNAME_CHARS],
      [step('ab-_', 'password1', 'password1', 't'), USERNAME_MIXED],
      [step('ab__', 'password1', 'password1', 't'), 'Please enter a valid email address.'],
      [step('ab__', 'password1', 'password1', 't', 'a@b.c'), null],
    ];
    for (const [input, message] of steps) expect(registrationError(input, FORM)).toBe(message);
  });
});

describe('registrationError: properties', () => {
  const letterOrDigit = fc.constantFrom(...'abcXYZ019');
  const usernameWith = (separators: string[]) =>
    fc.string({ unit: fc.oneof(letterOrDigit, fc.constantFrom(...separators)), minLength: 3, maxLength: 30 });

  it('never accepts a username with both an underscore and a hyphen', () => {
    fc.assert(
      fc.property(
        usernameWith(['_', '-']),
        fc.boolean(),
        fc.boolean(),
        (username, requireEmail, checkCaptcha) => {
          fc.pre(username.includes('_') && username.includes('-'));
          expect(registrationError({ ...valid, username }, { requireEmail, checkCaptcha })).toBe(
            USERNAME_MIXED,
          );
        },
      ),
    );
  });

  it('accepts any 3 to 30 character username with one kind of separator at most', () => {
    fc.assert(
      fc.property(fc.oneof(usernameWith(['_']), usernameWith(['-'])), (username) => {
        expect(registrationError({ ...valid, username }, FORM)).toBeNull();
      }),
    );
  });

  it('only ever answers with one of the spec messages', () => {
    const messages = [
      FILL,
      CAPTCHA,
      MISMATCH,
      PASSWORD_SHORT,
      PASSWORD_LONG,
      USERNAME_SHORT,
      USERNAME_LONG,
      USERNAME_CHARS,
      USERNAME_MIXED,
      'Please enter a valid email address.',
      null,
    ];
    fc.assert(
      fc.property(
        fc.record({
          username: fc.string({ maxLength: 40 }),
          email: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
          password: fc.string({ maxLength: 40 }),
          confirmPassword: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
          captchaToken: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
        }),
        fc.boolean(),
        fc.boolean(),
        (input, requireEmail, checkCaptcha) => {
          expect(messages).toContain(registrationError(input, { requireEmail, checkCaptcha }));
        },
      ),
    );
  });
});

describe('placeholderEmail', () => {
  it('builds a lower-case placeholder address from the username', () => {
    expect(placeholderEmail('Alice_B')).toBe('alice_b@users.noreply.local');
    expect(placeholderEmail('bob-42')).toBe('bob-42@users.noreply.local');
  });

  it('gives an email-like address for every valid username, and different ones for different names', () => {
    const username = fc.stringMatching(/^[a-z0-9_]{3,30}$/);
    fc.assert(
      fc.property(username, username, (a, b) => {
        expect(isEmailLike(placeholderEmail(a))).toBe(true);
        expect(placeholderEmail(a) === placeholderEmail(b)).toBe(a === b);
      }),
    );
  });
});

describe('isEmailLike', () => {
  it.each(['a@b', 'alice@example.com', 'a.b+tag@sub.example.co.uk', '  alice@example.com  '])(
    'accepts %j',
    (email) => {
      expect(isEmailLike(email)).toBe(true);
    },
  );

  it.each([
    '',
    '   ',
    'alice',
    'alice@',
    '@example.com',
    'al ice@example.com',
    'a@b@c',
    'alice@exa mple.com',
  ])('refuses %j', (email) => {
    expect(isEmailLike(email)).toBe(false);
  });
});

describe('registrationErrors: every field at once', () => {
  it('names each field’s problem, and nothing for a good field', () => {
    expect(
      registrationErrors(
        { username: 'a_b-c', email: 'nope', password: 'short', confirmPassword: 'other', captchaToken: '' },
        { requireEmail: true, checkCaptcha: true },
      ),
    ).toEqual({
      username: 'Username can contain either underscores or hyphens, but not both',
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
      captcha: 'Please complete the captcha verification',
    });
    expect(
      registrationErrors(
        { username: '', password: 'long-enough-1', confirmPassword: 'long-enough-1' },
        { requireEmail: false, checkCaptcha: false },
      ),
    ).toEqual({ username: 'Please fill in all fields' });
  });
});
