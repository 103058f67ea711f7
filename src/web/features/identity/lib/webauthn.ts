import type { AuthenticationOptions, RegistrationOptions } from '../../../../common/schemas/passkeys';

/**
 * The browser's half of a passkey ceremony, through @simplewebauthn/browser, loaded the first time
 * a passkey is used (it stays out of every page's first load).
 */
const browser = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (the buttons are hidden where it cannot). */
export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

export async function createPasskey(options: RegistrationOptions) {
  const { startRegistration } = await browser();
  return startRegistration({ optionsJSON: options as never });
}

export async function answerWithPasskey(options: AuthenticationOptions) {
  const { startAuthentication } = await browser();
  return startAuthentication({ optionsJSON: options as never });
}

/** The person closed the browser's prompt or it timed out: not an error worth a red toast. */
export function cancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
