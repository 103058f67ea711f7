import http from 'node:http';
import https from 'node:https';
import type { ResponseOf, RouteKey } from '../../src/common/schemas/responses.js';
import type { Target } from './config.js';
import { CliError, serverError } from './errors.js';
import { failureMessage, networkMessage, notOurs, redirectMessage } from './site-errors.js';

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /**
   * Statuses answered to the caller instead of thrown (e.g. 401/403 of a locked paste); `any`: all
   * (a HEAD's refusal has no body to make a message of).
   */
  accept?: number[] | 'any';
}

/** A route's call: its `:name` parameters and query, beside the request's options. */
export interface RouteOptions extends Omit<RequestOptions, 'method'> {
  params?: Record<string, string | number>;
  query?: Record<string, string | undefined>;
}

/** `GET /api/pastes/:id/revisions` with { id } → `/api/pastes/abc/revisions`, plus the query. */
export function routePath(route: RouteKey, opts: Pick<RouteOptions, 'params' | 'query'> = {}): string {
  const url = route.slice(route.indexOf(' ') + 1);
  const path = url.replace(/:(\w+)/g, (_, name: string) => {
    const value = opts.params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(opts.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined);
  return query.length > 0 ? `${path}?${new URLSearchParams(query)}` : path;
}

/**
 * The site's HTTP API as the CLI uses it: the API key on every request, errors turned into one
 * line ("401: the API key was not accepted"), network failures named by their cause. Redirects are
 * never followed: the key and a paste's password would go with the request to wherever the
 * Location points (fetch keeps every header but Authorization and Cookie across origins), so a
 * redirect is an error that names the site to use instead.
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
        redirect: 'manual',
        // A streamed body (a file) needs this in Node's fetch.
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (e) {
      throw serverError(networkMessage(this.target.url, e));
    }
    if (isRedirect(res.status)) {
      await res.body?.cancel();
      throw serverError(redirectMessage(this.target.url, path, res.headers.get('location')));
    }
    if (res.ok || opts.accept === 'any' || opts.accept?.includes(res.status)) return res;
    throw serverError(await failureMessage(res, this.target.url));
  }

  /** A route of the site's API (its key in `common/schemas/responses`), answering that route's JSON. */
  async api<K extends RouteKey>(route: K, opts: RouteOptions = {}): Promise<ResponseOf<K>> {
    const { params, query, ...rest } = opts;
    const method = route.slice(0, route.indexOf(' '));
    return this.json<ResponseOf<K>>(routePath(route, { params, query }), { ...rest, method });
  }

  async json<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await this.request(path, opts);
    try {
      return (await res.json()) as T;
    } catch {
      throw serverError(notOurs(res, this.target.url, 'not JSON'));
    }
  }

  /**
   * A POST whose body streams from `body` with backpressure (node:http, not fetch: fetch reads a
   * streamed body ahead into buffers of its own, ~70 MB more on a 500 MB upload). Answers the JSON
   * body; errors as `request`'s. An error of the body's own (a file that changed, text that is not
   * UTF-8) ends the request and is thrown as it is.
   */
  async streamPost<T>(
    path: string,
    headers: Record<string, string>,
    body: AsyncIterable<Uint8Array | string>,
  ): Promise<T> {
    const url = new URL(`${this.target.url}${path}`);
    const all: Record<string, string> = { ...headers };
    if (this.target.key) all['x-api-key'] = this.target.key;
    const send = url.protocol === 'https:' ? https.request : http.request;
    let answer: { status: number; text: string; location: string | undefined };
    try {
      answer = await new Promise((resolve, reject) => {
        const req = send(url, { method: 'POST', headers: all }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(parts).toString(),
              location: res.headers.location,
            }),
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
      if (e instanceof CliError) throw e;
      throw serverError(networkMessage(this.target.url, { cause: e }));
    }
    if (isRedirect(answer.status)) {
      throw serverError(redirectMessage(this.target.url, path, answer.location ?? null));
    }
    const res = new Response(answer.text, { status: answer.status });
    if (!res.ok) throw serverError(await failureMessage(res, this.target.url));
    try {
      return JSON.parse(answer.text) as T;
    } catch {
      throw serverError(notOurs(res, this.target.url, 'not JSON'));
    }
  }
}

const isRedirect = (status: number) => status >= 300 && status < 400;
