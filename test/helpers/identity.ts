import { expect } from 'vitest';
import type { HttpClient, TestResponse } from './http-client.js';
import { loginAtProvider } from './oidc-provider.js';

/** The path and query of a URL, to replay on a client of our site. */
export const pathOf = (url: URL | string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Starts a redirect sign-in on `c`; the provider's authorization URL. */
export async function startSignIn(c: HttpClient, provider: string, returnTo?: string): Promise<URL> {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const res = await c.get(`/api/auth/oidc/${provider}/start${query}`);
  expect(res.status, res.text).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** A whole sign-in through the test provider, as a browser makes it; the callback's answer. */
export async function signInWithProvider(
  c: HttpClient,
  provider: string,
  login: string,
  password: string,
  opts: { returnTo?: string; via?: HttpClient } = {},
): Promise<TestResponse> {
  const authorization = await startSignIn(c, provider, opts.returnTo);
  const callback = await loginAtProvider(authorization.href, login, password);
  return (opts.via ?? c).get(pathOf(callback));
}

/** Where a redirect answer sends the browser, as path and query parameters. */
export function redirectOf(res: TestResponse): { path: string; params: URLSearchParams } {
  expect(res.status, res.text).toBe(302);
  const location = new URL(res.headers.get('location')!, 'http://our.site');
  return { path: location.pathname, params: location.searchParams };
}
