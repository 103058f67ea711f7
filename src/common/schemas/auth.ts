import { z } from 'zod';
import { REGISTER_PASSWORD_MAX, REGISTER_PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants.js';
import { LOGIN_MESSAGES, REGISTER_MESSAGES } from '../messages.js';

/** Generous caps on raw field length so nobody can make us hash megabytes; the rules below are stricter. */
const field = (max: number) => z.string().max(max);

export const registerBodySchema = z.object({
  username: field(200),
  email: field(320).optional().default(''),
  password: field(200),
  captchaToken: field(4096).optional().default(''),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  username: field(200),
  password: field(200),
  captchaToken: field(4096).optional().default(''),
});
export type LoginBody = z.input<typeof loginBodySchema>;

const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export function isEmailLike(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export interface RegistrationInput {
  username: string;
  email?: string;
  password: string;
  /** Only the form has it; the server receives one password. */
  confirmPassword?: string;
  captchaToken?: string;
}

export type RegistrationField = 'username' | 'email' | 'password' | 'confirmPassword' | 'captcha';

/**
 * The registration rules of spec §5 per field, every field at once (forms show each under its
 * field). An empty field says "Please fill in all fields". `checkCaptcha` is false on the server,
 * where the captcha layer answers for itself.
 */
export function registrationErrors(
  input: RegistrationInput,
  opts: { requireEmail: boolean; checkCaptcha: boolean },
): Partial<Record<RegistrationField, string>> {
  const { username, password } = input;
  const email = input.email?.trim() ?? '';
  const confirm = input.confirmPassword ?? password;
  const errors: Partial<Record<RegistrationField, string>> = {};
  const fill = REGISTER_MESSAGES.fillAllFields;

  if (!username) errors.username = fill;
  else if (username.length < USERNAME_MIN) errors.username = REGISTER_MESSAGES.usernameTooShort;
  else if (username.length > USERNAME_MAX) errors.username = REGISTER_MESSAGES.usernameTooLong;
  else if (!USERNAME_PATTERN.test(username)) errors.username = REGISTER_MESSAGES.usernameCharacters;
  else if (username.includes('_') && username.includes('-')) {
    errors.username = REGISTER_MESSAGES.usernameMixedSeparators;
  }

  if (opts.requireEmail && !email) errors.email = fill;
  else if (opts.requireEmail && !isEmailLike(email)) errors.email = REGISTER_MESSAGES.emailInvalid;

  if (!password) errors.password = fill;
  else if (password.length < REGISTER_PASSWORD_MIN) errors.password = REGISTER_MESSAGES.passwordTooShort;
  else if (password.length > REGISTER_PASSWORD_MAX) errors.password = REGISTER_MESSAGES.passwordTooLong;

  if (!confirm) errors.confirmPassword = fill;
  else if (password && password !== confirm) errors.confirmPassword = REGISTER_MESSAGES.passwordsDoNotMatch;

  if (opts.checkCaptcha && !input.captchaToken) errors.captcha = REGISTER_MESSAGES.completeCaptcha;
  return errors;
}

/**
 * The one message for a refused registration (the server's answer): the first rule that applies,
 * in the spec's order — empty fields, captcha, confirmation, password, username, email.
 */
export function registrationError(
  input: RegistrationInput,
  opts: { requireEmail: boolean; checkCaptcha: boolean },
): string | null {
  const e = registrationErrors(input, opts);
  if (Object.values(e).includes(REGISTER_MESSAGES.fillAllFields)) return REGISTER_MESSAGES.fillAllFields;
  return e.captcha ?? e.confirmPassword ?? e.password ?? e.username ?? e.email ?? null;
}

export function loginError(input: { username: string; password: string }): string | null {
  return input.username && input.password ? null : LOGIN_MESSAGES.missingFields;
}

const PLACEHOLDER_DOMAIN = 'users.noreply.local';

/** Without email verification the account gets a placeholder address built from the username. */
export function placeholderEmail(username: string): string {
  return `${username.toLowerCase()}@${PLACEHOLDER_DOMAIN}`;
}

/** Placeholder addresses are reserved: a real one there could take an account's placeholder. */
export function isPlaceholderAddress(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${PLACEHOLDER_DOMAIN}`);
}
