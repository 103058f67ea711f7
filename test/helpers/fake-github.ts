import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithubUser {
  id: number;
  login: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export const GITHUB_CLIENT = { id: 'gh-client-id', secret: 'gh-client-secret' };

/**
 * A local stand-in for GitHub's OAuth 2 (authorize, access_token) and its API's /user and
 * /user/emails, as GitHub answers them: the authorize step approves at once as `state.user`, the
 * token step checks the client, the code (once), its redirect URI and the PKCE verifier.
 */
export async function startFakeGithub() {
  const state = {
    user: null as FakeGithubUser | null,
    down: false,
    /** Every authorize request's query, to see what the server asked for. */
    authorizations: [] as URLSearchParams[],
  };
  const codes = new Map<string, { user: FakeGithubUser; redirectUri: string; challenge: string }>();
  const tokens = new Map<string, FakeGithubUser>();

  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  function authorize(url: URL, res: http.ServerResponse) {
    state.authorizations.push(url.searchParams);
    const redirect = new URL(url.searchParams.get('redirect_uri')!);
    const code = randomBytes(12).toString('hex');
    codes.set(code, {
      user: state.user!,
      redirectUri: redirect.href,
      challenge: url.searchParams.get('code_challenge') ?? '',
    });
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { location: redirect.href }).end();
  }

  function accessToken(form: URLSearchParams, res: http.ServerResponse) {
    const grant = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    const clientOk =
      form.get('client_id') === GITHUB_CLIENT.id && form.get('client_secret') === GITHUB_CLIENT.secret;
    // GitHub answers its OAuth errors with 200 and an `error` field.
    if (
      !clientOk ||
      !grant ||
      grant.redirectUri !== form.get('redirect_uri') ||
      grant.challenge !== verifier
    ) {
      return json(res, 200, {
        error: 'bad_verification_code',
        error_description: 'The code is incorrect or expired.',
      });
    }
    const token = randomBytes(16).toString('hex');
    tokens.set(token, grant.user);
    json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (state.down) return json(res, 503, { message: 'Service Unavailable' });
      const url = new URL(req.url ?? '/', 'http://github.test');
      if (url.pathname === '/login/oauth/authorize') return authorize(url, res);
      if (url.pathname === '/login/oauth/access_token') return accessToken(new URLSearchParams(body), res);
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
      if (!user) return json(res, 401, { message: 'Bad credentials' });
      // The API lives under /api here (api.github.com on GitHub).
      if (url.pathname === '/api/user') return json(res, 200, { id: user.id, login: user.login, name: null });
      if (url.pathname === '/api/user/emails') return json(res, 200, user.emails);
      json(res, 404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    env: { GITHUB_OAUTH_URL: base, GITHUB_API_URL: `${base}/api` },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
