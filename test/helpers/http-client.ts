/**
 * A small HTTP client for tests that behaves like a browser tab: it keeps cookies and sends our
 * Origin on state-changing requests (unless told otherwise).
 */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Raw body sent as is (with its own content type in headers; FormData sets multipart itself). */
  /** A body as it is; a stream is sent as it yields (request streaming). */
  raw?: string | Buffer | Uint8Array | FormData | ReadableStream<Uint8Array>;
  /** Skip the browser-like Origin header. */
  noOrigin?: boolean;
}

export class HttpClient {
  /** `cookies` may be shared with clients of other instances of the same site (one browser). */
  constructor(
    readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The Cookie header this client sends (for requests made with fetch directly). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  async request<T = any>(
    method: string,
    path: string,
    json?: unknown,
    opts: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && method !== 'HEAD' && !opts.noOrigin && !('origin' in headers))
      headers.origin = this.baseUrl;
    let body: BodyInit | undefined;
    if (opts.raw !== undefined) body = opts.raw as BodyInit;
    else if (json !== undefined) {
      body = JSON.stringify(json);
      headers['content-type'] ??= 'application/json';
    }
    const streamed = body instanceof ReadableStream ? { duplex: 'half' as const } : {};
    const send = () => fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual', ...streamed });
    const res = await send().catch((err: unknown) => {
      // A kept-alive connection the server closes just as it is reused resets the next request;
      // the test's own CPU work (sealing, hashing) can stall the loop past the idle timeout. A read
      // is sent again once, on a new connection; a write never is.
      if ((method === 'GET' || method === 'HEAD') && resetBeforeAnswer(err)) return send();
      throw err;
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (!name) continue;
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('GET', path, undefined, opts);
  }
  post<T = any>(path: string, json?: unknown, opts?: RequestOptions) {
    return this.request<T>('POST', path, json, opts);
  }
  put<T = any>(path: string, json?: unknown, opts?: RequestOptions) {
    return this.request<T>('PUT', path, json, opts);
  }
  delete<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, opts);
  }
}

function resetBeforeAnswer(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET';
}
