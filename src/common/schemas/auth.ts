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

/**
 * The registration rules of spec §5, in the spec's order; returns the first message that applies.
 * `checkCaptcha` is false on the server, where the captcha layer answers for itself.
 */
export function registrationError(
  input: RegistrationInput,
  opts: { requireEmail: boolean; checkCaptcha: boolean },
): string | null {
  const { username, password } = input;
  const email = input.email?.trim() ?? '';
  const confirm = input.confirmPassword ?? password;
  if (!username || !password || !confirm || (opts.requireEmail && !email)) {
    return REGISTER_MESSAGES.fillAllFields;
  }
  if (opts.checkCaptcha && !input.captchaToken) return REGISTER_MESSAGES.completeCaptcha;
  if (password !== confirm) return REGISTER_MESSAGES.passwordsDoNotMatch;
  if (password.length < REGISTER_PASSWORD_MIN) return REGISTER_MESSAGES.passwordTooShort;
  if (password.length > REGISTER_PASSWORD_MAX) return REGISTER_MESSAGES.passwordTooLong;
  if (username.length < USERNAME_MIN) return REGISTER_MESSAGES.usernameTooShort;
  if (username.length > USERNAME_MAX) return REGISTER_MESSAGES.usernameTooLong;
  if (!USERNAME_PATTERN.test(username)) return REGISTER_MESSAGES.usernameCharacters;
  if (username.includes('_') && username.includes('-')) {
    return REGISTER_MESSAGES.usernameMixedSeparators;
  }
  if (opts.requireEmail && !isEmailLike(email)) return REGISTER_MESSAGES.emailInvalid;
  return null;
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
