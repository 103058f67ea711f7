/** What other features may use of auth besides its api/: the resend-verification control. */
export { ResendVerificationButton } from './components/resend-verification';
