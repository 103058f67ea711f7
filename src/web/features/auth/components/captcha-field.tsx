import { Turnstile } from './turnstile';
import type { useCaptcha } from './use-captcha';

/** Renders the Turnstile widget when captcha is enabled; nothing otherwise. */
export function CaptchaField({
  captcha,
  siteKey,
}: {
  captcha: ReturnType<typeof useCaptcha>;
  siteKey: string;
}) {
  if (!captcha.enabled) return null;
  return <Turnstile ref={captcha.widget} siteKey={siteKey} onToken={captcha.setToken} />;
}
