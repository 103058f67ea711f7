import http from 'node:http';
import https from 'node:https';
import type { Target } from './config.js';
import { serverError } from './errors.js';

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Statuses answered to the caller instead of thrown (e.g. 401/403 of a locked paste). */
  accept?: number[];
}

/** What a refused key means to a person at a terminal. */
const FRIENDLY: Record<string, string> = {
  INVALID_API_KEY: 'the API key was not accepted (check --key, PASTESHARE_API_KEY or the config file)',
};

/**
 * The site's HTTP API as the CLI uses it: the API key on every request, errors turned into one
 * line ("401: the API key was not accepted"), network failures named by their cause.
 */
export class Client {
  constructor(readonly target: Target) {}

  async request(path: string, opts: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.target.key) headers['x-api-key'] = this.target.key;
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    let res: Response;
    try {
      res = await fetch(`${this.target.url}${path}`, {
        method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        // A streamed body (a file) needs this in Node's fetch.
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (e) {
      throw serverError(networkMessage(this.target.url, e));
    }
    if (res.ok || opts.accept?.includes(res.status)) return res;
    throw serverError(await failureMessage(res, this.target.url));
  }

  /**
   * A POST whose body streams from `body` with backpressure (node:http, not fetch: fetch reads a
   * streamed body ahead into buffers of its own, ~70 MB more on a 500 MB upload). Answers the JSON
   * body; errors as `request`'s.
   */
  async streamPost<T>(
    path: string,
    headers: Record<string, string>,
    body: AsyncIterable<Buffer>,
  ): Promise<T> {
    const url = new URL(`${this.target.url}${path}`);
    const all: Record<string, string> = { ...headers };
    if (this.target.key) all['x-api-key'] = this.target.key;
    const send = url.protocol === 'https:' ? https.request : http.request;
    let answer: { status: number; text: string };
    try {
      answer = await new Promise((resolve, reject) => {
        const req = send(url, { method: 'POST', headers: all }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString() }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
        // Each piece written before the next is read: the pieces may share one buffer.
        (async () => {
          for await (const piece of body) {
            await new Promise<void>((done, fail) => req.write(piece, (e) => (e ? fail(e) : done())));
          }
          req.end();
        })().catch((e) => {
          req.destroy(e);
          reject(e);
        });
      });
    } catch (e) {
      throw serverError(networkMessage(this.target.url, { cause: e }));
    }
    const res = new Response(answer.text, { status: answer.status });
    if (!res.ok) throw serverError(await failureMessage(res, this.target.url));
    return (await res.json()) as T;
  }

  async json<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await this.request(path, opts);
    return (await res.json()) as T;
  }
}

/** "could not connect to http://127.0.0.1:9 (connection refused)" and the like. */
export function networkMessage(url: string, e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  const where = new URL(url).host;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return `could not connect to ${where} (connection refused)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `could not resolve ${new URL(url).hostname}`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `the connection to ${where} was cut`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `${where} did not answer in time`;
    default:
      return `could not reach ${where}: ${cause?.message ?? (e as Error).message}`;
  }
}

async function failureMessage(res: Response, url: string): Promise<string> {
  const text = await res.text().catch(() => '');
  let body: { error?: string; message?: string } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  if (!body?.message) {
    // Not our JSON error: another server, or a proxy's page.
    return `${res.status}: ${url} did not answer as a pasteshare site (${res.statusText || 'no JSON'})`;
  }
  return `${res.status}: ${(body.error && FRIENDLY[body.error]) ?? body.message}`;
}
