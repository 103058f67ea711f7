import { CAPTCHA_BYPASS_TOKEN } from '../../../common/constants.js';
import { CAPTCHA_MESSAGES } from '../../../common/messages.js';
import { AppError } from '../../errors.js';

export interface CaptchaSettings {
  enableTurnstile: boolean;
  turnstileSecretKey: string;
}

/**
 * Cloudflare Turnstile verification. Fails closed: a timeout, a network error or an unexpected
 * answer refuses the request. While captcha is disabled only the bypass token is accepted.
 */
export function createCaptcha(opts: { verifyUrl: string; timeoutMs: number }) {
  async function siteverify(secret: string, token: string, remoteIp?: string): Promise<boolean> {
    const body = new URLSearchParams({ secret, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    try {
      const res = await fetch(opts.verifyUrl, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!res.ok) return false;
      const data = (await res.json()) as { success?: unknown };
      return data.success === true;
    } catch {
      return false;
    }
  }

  return {
    /**
     * Whether Cloudflare accepts this secret key: a siteverify with a token that cannot be valid
     * fails with `invalid-input-secret` for a wrong key, and for a right one only with the token.
     */
    async testSecret(secret: string): Promise<boolean> {
      try {
        const res = await fetch(opts.verifyUrl, {
          method: 'POST',
          body: new URLSearchParams({ secret, response: 'pasteshare-key-test' }),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        if (!res.ok) return false;
        const data = (await res.json()) as { 'error-codes'?: unknown };
        const codes = Array.isArray(data['error-codes']) ? data['error-codes'] : [];
        return !codes.includes('invalid-input-secret') && !codes.includes('missing-input-secret');
      } catch {
        return false;
      }
    },

    async verify(settings: CaptchaSettings, token: string | undefined, remoteIp?: string): Promise<void> {
      if (!token) throw new AppError('CAPTCHA_FAILED', CAPTCHA_MESSAGES.required);
      if (!settings.enableTurnstile) {
        if (token !== CAPTCHA_BYPASS_TOKEN) throw new AppError('CAPTCHA_FAILED', CAPTCHA_MESSAGES.failed);
        return;
      }
      if (token === CAPTCHA_BYPASS_TOKEN || !settings.turnstileSecretKey) {
        throw new AppError('CAPTCHA_FAILED', CAPTCHA_MESSAGES.failed);
      }
      if (!(await siteverify(settings.turnstileSecretKey, token, remoteIp))) {
        throw new AppError('CAPTCHA_FAILED', CAPTCHA_MESSAGES.failed);
      }
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
