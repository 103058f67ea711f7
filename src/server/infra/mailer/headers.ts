import { AppError } from '../../errors.js';
import type { MailMessage } from './types.js';

// Unicode line separators count too: some MTAs and HTTP APIs fold on them.
const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]+/g;
const CONTROL_CHARS = /\p{Cc}+/gu;
// One plain address, nothing a header parser could read as a second recipient or a comment.
const PLAIN_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/;
const MAX_REASON = 200;

/**
 * Header values (subject, from name, recipient) come from settings and users: a CR/LF in them
 * would start a new header (security.md item 10), so line breaks become a space.
 */
export function stripLineBreaks(value: string): string {
  return value.replace(LINE_BREAKS, ' ').trim();
}

export function isPlainAddress(value: string): boolean {
  return value.length <= 320 && PLAIN_ADDRESS.test(value);
}

/** `"Name" <addr>` when a name is set; quoting keeps commas or brackets in the name as text. */
export function formatFromHeader(address: string, name = ''): string {
  const addr = stripLineBreaks(address);
  const display = stripLineBreaks(name);
  if (!display) return addr;
  return `"${display.replace(/["\\]/g, '\\$&')}" <${addr}>`;
}

/** The message as providers get it: header fields on one line, a single valid recipient. */
export function prepareMessage(msg: MailMessage): MailMessage {
  const to = stripLineBreaks(msg.to);
  if (!isPlainAddress(to)) throw new AppError('VALIDATION', 'The recipient is not a valid email address');
  return { to, subject: stripLineBreaks(msg.subject), html: msg.html, text: msg.text };
}

/**
 * Secrets a provider error might echo back, also in the base64 forms used by Basic and SASL auth.
 */
export function secretForms(...secrets: string[]): string[] {
  const present = secrets.filter((s) => s.length > 0);
  return [...present, ...present.map((s) => Buffer.from(s).toString('base64'))];
}

/**
 * The one failure every provider throws. The reason is cut short, kept on one line and has every
 * secret removed, because admins see it and it may end up in logs. No `cause` is attached: the
 * original error can carry the SMTP AUTH command or request headers.
 */
export function mailFailed(provider: string, reason: string, secrets: string[]): AppError {
  let text = reason;
  for (const secret of secrets) text = text.split(secret).join('[redacted]');
  text = text.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim() || 'unknown error';
  if (text.length > MAX_REASON) text = `${text.slice(0, MAX_REASON)}…`;
  return new AppError('MAIL_FAILED', `${provider} rejected the request: ${text}`);
}

/** What a connection failure's system code means, in words an admin reads. */
const CONNECT_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host name',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'no answer',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

/**
 * A mail server that was never reached says so plainly: "Could not connect to host:port
 * (connection refused)" rather than the driver's "connect ECONNREFUSED …".
 * Null when the failure is not one of reaching the server.
 */
export function notReached(err: unknown, where: string): AppError | null {
  const e = err as { code?: unknown; message?: unknown; cause?: { code?: unknown } };
  const codes = [e?.code, e?.cause?.code, ...String(e?.message ?? '').split(/\s+/)];
  const code = codes.find((c): c is string => typeof c === 'string' && c in CONNECT_FAILURES);
  return code
    ? new AppError('MAIL_FAILED', `Could not connect to ${where} (${CONNECT_FAILURES[code]})`)
    : null;
}
