import { mailFailed, notReached, prepareMessage, secretForms } from './headers.js';
import type { Mailer, MailMessage } from './types.js';

export interface ProviderRequest {
  /** Name shown in errors: 'Resend', 'SendGrid', 'Mailgun'. */
  provider: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string | URLSearchParams;
  timeoutMs: number;
  /** Values cut out of any error message (API keys and their encodings). */
  secrets: string[];
  /** Lets a provider accept a non-2xx answer that still proves the key works. */
  accept?: (status: number, body: unknown) => boolean;
}

// Some providers (Resend) refuse requests without a User-Agent.
const USER_AGENT = 'pasteshare-mailer';

/** One call to a mail provider's HTTP API; any failure becomes MAIL_FAILED (fail closed). */
export async function callProvider(req: ProviderRequest): Promise<void> {
  const signal = AbortSignal.timeout(req.timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await fetch(req.url, {
      method: req.method,
      headers: { 'user-agent': USER_AGENT, accept: 'application/json', ...req.headers },
      body: req.body,
      signal,
      // A redirect would resend the API key somewhere we did not configure.
      redirect: 'error',
    });
    text = await res.text();
  } catch (err) {
    throw (
      notReached(err, new URL(req.url).host) ??
      mailFailed(req.provider, networkReason(err, req.timeoutMs), req.secrets)
    );
  }
  if (res.ok) return;
  const body = parseJson(text);
  if (req.accept?.(res.status, body)) return;
  const detail = errorDetail(body);
  const reason = `${res.status} ${res.statusText}${detail ? ` - ${detail}` : ''}`;
  throw mailFailed(req.provider, reason, req.secrets);
}

function networkReason(err: unknown, timeoutMs: number): string {
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = (err as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === 'string' ? `network error (${code})` : 'network error';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The provider's own explanation: Resend and Mailgun use `message`, SendGrid `errors[].message`. */
function errorDetail(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as { message?: unknown; errors?: { message?: unknown }[] };
  if (typeof b.message === 'string') return b.message;
  const first = Array.isArray(b.errors) ? b.errors[0]?.message : undefined;
  return typeof first === 'string' ? first : '';
}

/** One HTTP mail provider: how it authenticates, sends a message, and proves its key works. */
export interface HttpProvider {
  provider: string;
  authorization: string;
  timeoutMs: number;
  /** The key (and any other form of it a provider could echo back). */
  secrets: string[];
  /** The request that sends one checked message: a JSON body or a form. */
  send: (m: MailMessage) => { url: string; json: unknown } | { url: string; form: URLSearchParams };
  /** A request that checks the key without sending anything. */
  test: Pick<ProviderRequest, 'url' | 'accept'>;
}

/** The Mailer of an HTTP API provider (Resend, SendGrid, Mailgun): only their requests differ. */
export function httpMailer(p: HttpProvider): Mailer {
  const base = {
    provider: p.provider,
    headers: { authorization: p.authorization },
    timeoutMs: p.timeoutMs,
    secrets: secretForms(...p.secrets),
  };
  return {
    async send(msg) {
      const request = p.send(prepareMessage(msg));
      await callProvider(
        'json' in request
          ? {
              ...base,
              method: 'POST',
              url: request.url,
              headers: { ...base.headers, 'content-type': 'application/json' },
              body: JSON.stringify(request.json),
            }
          : { ...base, method: 'POST', url: request.url, body: request.form },
      );
    },
    async testConnection() {
      await callProvider({ ...base, method: 'GET', ...p.test });
    },
  };
}
