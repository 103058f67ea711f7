import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import type { HttpClient } from './http-client.js';
import type { TestApp } from './test-app.js';

/** The TOTP code of `secret` at `timestamp`, as an authenticator app would show it. */
export const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

/** The next 30-second step: a code of the step just used is refused as a replay. */
export const nextStep = (t: TestApp) => t.clock.advance(30_000);

/** Turns on TOTP for the account signed in on `c`; returns the secret and the recovery codes. */
export async function enrolTotp(t: TestApp, c: HttpClient) {
  const started = await c.post('/api/account/second-factor/totp', {});
  expect(started.status).toBe(200);
  const secret = started.body.secret as string;
  const confirmed = await c.post('/api/account/second-factor/totp/confirm', {
    code: codeAt(secret, t.clock.now()),
  });
  expect(confirmed.status).toBe(200);
  nextStep(t);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** Signs in with password and code on a new client. */
export async function loginWithCode(
  t: TestApp,
  user: { username: string; plainPassword: string },
  secret: string,
): Promise<HttpClient> {
  const c = t.client();
  const first = await c.post('/api/login', {
    username: user.username,
    password: user.plainPassword,
    captchaToken: CAPTCHA_BYPASS_TOKEN,
  });
  expect(first.body.secondFactorRequired).toBe(true);
  const second = await c.post('/api/auth/second-factor', { code: codeAt(secret, t.clock.now()) });
  expect(second.status).toBe(200);
  nextStep(t);
  return c;
}
