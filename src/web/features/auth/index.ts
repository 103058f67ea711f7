/** What other features may use of auth besides its api/: the resend-verification control and the captcha. */
export { CaptchaField } from './components/captcha-field';
export { ResendVerificationButton } from './components/resend-verification';
export { useCaptcha } from './components/use-captcha';
