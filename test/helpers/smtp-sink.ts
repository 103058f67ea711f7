import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SERVICE_CEILING_MS, waitUntil } from './wait-until.js';

export interface SmtpSinkOptions {
  /** When set, AUTH is required and only this user and password are accepted. */
  auth?: { user: string; pass: string };
  /** Implicit TLS from the first byte (port-465 style) instead of plain + STARTTLS. */
  secure?: boolean;
  /** Offer STARTTLS (default true); false lets a test prove the client refuses to go on in clear. */
  starttls?: boolean;
}

export interface ReceivedMessage {
  raw: string;
  /** Header names lower-cased, folded lines joined, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
  envelope: { from: string; to: string[] };
  /** Whether the session was encrypted when the message was sent. */
  secured: boolean;
  /** The authenticated user, if any. */
  user: string | undefined;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMessage[];
  /** Waits as long as the mail needs (a loaded machine is slow), up to the service ceiling. */
  waitForMessage(predicate?: (m: ReceivedMessage) => boolean, ceilingMs?: number): Promise<ReceivedMessage>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (random port) with smtp-server's built-in self-signed
 * certificate, collecting what it receives so tests can read the mail (and its links).
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMessage[] = [];
  const server = new SMTPServer({
    secure: options.secure ?? false,
    disabledCommands: options.starttls === false ? ['STARTTLS'] : [],
    authOptional: !options.auth,
    // Credentials only over TLS, as real submission servers do.
    allowInsecureAuth: false,
    size: 10 * 1024 * 1024,
    closeTimeout: 500,
    // Also silences the stderr warning about the built-in certificate, expected in tests.
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = options.auth && auth.username === options.auth.user && auth.password === options.auth.pass;
      if (!ok) return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: ReceivedMessage = {
          ...parseMessage(raw),
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          secured: session.secure,
          user: typeof session.user === 'string' ? session.user : undefined,
        };
        messages.push(message);
        callback();
      });
    },
  });
  server.on('error', () => {
    // Client-side aborts (refused TLS, wrong password) surface here; the tests assert on the client.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    messages,
    waitForMessage(predicate = () => true, ceilingMs = SERVICE_CEILING_MS) {
      return waitUntil(
        'a mail on the SMTP sink',
        () => {
          const found = messages.find(predicate);
          if (!found) throw new Error(`${messages.length} received, none matching`);
          return found;
        },
        { ceilingMs, intervalMs: 20 },
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Parsed = Pick<ReceivedMessage, 'raw' | 'headers' | 'subject' | 'from' | 'to' | 'text' | 'html'>;

/** Minimal RFC 5322 / MIME reading: enough for nodemailer's output, not a general parser. */
export function parseMessage(raw: string): Parsed {
  const { headers, body } = splitEntity(raw);
  const parts = { text: '', html: '' };
  collectParts(headers, body, parts);
  return {
    raw,
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    to: headers.to ?? '',
    ...parts,
  };
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(entity);
  const head = match ? entity.slice(0, match.index) : entity;
  const body = match ? entity.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Keep the first occurrence; a test looking for injected duplicates reads `raw`.
    headers[name] ??= decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, out: { text: string; html: string }) {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitEntity(section.replace(/^\r?\n/, ''));
      collectParts(part.headers, part.body, out);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding'] ?? '7bit');
  if (type.startsWith('text/html')) out.html ||= decoded;
  else if (type.startsWith('text/plain')) out.text ||= decoded;
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body).replace(/\r?\n$/, '');
  return body.replace(/\r?\n$/, '');
}

function decodeQuotedPrintable(input: string, underscoreIsSpace = false): string {
  const text = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (ch === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data, true),
    );
}
