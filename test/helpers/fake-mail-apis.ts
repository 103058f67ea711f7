import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/server/config.js';

export interface FakeMailApiKeys {
  resend: string;
  sendgrid: string;
  mailgun: string;
  mailgunDomain: string;
}

export interface RecordedRequest {
  provider: 'resend' | 'sendgrid' | 'mailgun' | 'unknown';
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** JSON or form fields parsed into an object; undefined for an empty body. */
  body: any;
  rawBody: string;
}

export interface FakeMailApis {
  url: string;
  keys: FakeMailApiKeys;
  requests: RecordedRequest[];
  /** The mail part of Config pointing all three providers at this server. */
  mailConfig(timeoutMs?: number): Config['mail'];
  /** Answer every following request with this status and body, before any auth check. */
  fail(status: number, body?: unknown): void;
  /** Wait this long before answering (timeout tests). */
  delay(ms: number): void;
  /** Forget requests, failures and delays. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_KEYS: FakeMailApiKeys = {
  resend: 're_test_key_1234567890',
  sendgrid: 'SG.test_key_1234567890',
  mailgun: 'key-test-1234567890',
  mailgunDomain: 'mg.example.com',
};

interface Answer {
  status: number;
  body?: unknown;
}

/**
 * One local HTTP server that answers like the Resend, SendGrid and Mailgun endpoints the mailer
 * uses, checks their auth schemes (401 on a wrong key) and records every request.
 */
export async function startFakeMailApis(keys: Partial<FakeMailApiKeys> = {}): Promise<FakeMailApis> {
  const k = { ...DEFAULT_KEYS, ...keys };
  const requests: RecordedRequest[] = [];
  let failure: Answer | undefined;
  let delayMs = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const method = req.method ?? 'GET';
      const provider = providerOf(path);
      requests.push({
        provider,
        method,
        path,
        headers: req.headers,
        body: parseBody(req.headers, rawBody),
        rawBody,
      });
      const answer = failure ?? route(k, method, path, req.headers.authorization ?? '');
      setTimeout(() => reply(res, answer), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    keys: k,
    requests,
    mailConfig: (timeoutMs = 5000) => ({ resendUrl: url, sendgridUrl: url, mailgunUrl: url, timeoutMs }),
    fail(status, body) {
      failure = { status, body };
    },
    delay(ms) {
      delayMs = ms;
    },
    reset() {
      requests.length = 0;
      failure = undefined;
      delayMs = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function providerOf(path: string): RecordedRequest['provider'] {
  if (path === '/emails' || path === '/domains') return 'resend';
  if (path.startsWith('/v3/mail/') || path === '/v3/scopes') return 'sendgrid';
  if (path.startsWith('/v3/')) return 'mailgun';
  return 'unknown';
}

function route(k: FakeMailApiKeys, method: string, path: string, authorization: string): Answer {
  const bearer = (key: string) => authorization === `Bearer ${key}`;
  const basic = authorization === `Basic ${Buffer.from(`api:${k.mailgun}`).toString('base64')}`;
  const unauthorized: Answer = { status: 401, body: { message: 'Invalid API key' } };

  if (method === 'POST' && path === '/emails') {
    return bearer(k.resend) ? { status: 200, body: { id: 'resend-message-id' } } : unauthorized;
  }
  if (method === 'GET' && path === '/domains') {
    return bearer(k.resend) ? { status: 200, body: { data: [{ name: 'example.com' }] } } : unauthorized;
  }
  if (method === 'POST' && path === '/v3/mail/send') {
    return bearer(k.sendgrid) ? { status: 202 } : { status: 401, body: { errors: [{ message: 'Bad key' }] } };
  }
  if (method === 'GET' && path === '/v3/scopes') {
    return bearer(k.sendgrid) ? { status: 200, body: { scopes: ['mail.send'] } } : unauthorized;
  }
  const messages = /^\/v3\/([^/]+)\/messages$/.exec(path);
  const domain = /^\/v3\/domains\/([^/]+)$/.exec(path);
  if ((method === 'POST' && messages) || (method === 'GET' && domain)) {
    if (!basic) return { status: 401 };
    if ((messages?.[1] ?? domain?.[1]) !== k.mailgunDomain)
      return { status: 404, body: { message: 'Domain not found' } };
    return messages
      ? { status: 200, body: { id: '<mailgun-id@mg>', message: 'Queued. Thank you.' } }
      : { status: 200, body: { domain: { name: k.mailgunDomain, state: 'active' } } };
  }
  return { status: 404, body: { message: `No fake for ${method} ${path}` } };
}

function parseBody(headers: IncomingHttpHeaders, raw: string): unknown {
  if (!raw) return undefined;
  const type = headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return raw;
}

function reply(res: ServerResponse, answer: Answer): void {
  if (res.destroyed) return;
  if (answer.body === undefined) {
    res.writeHead(answer.status).end();
    return;
  }
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
  res.writeHead(answer.status, { 'content-type': type }).end(text);
}
