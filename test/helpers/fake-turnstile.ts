import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Cloudflare's siteverify endpoint: a token is valid when it is in `valid`
 * and the secret matches; `mode` makes it hang or fail to test that captcha fails closed.
 */
export async function startFakeTurnstile(secret: string) {
  const state = {
    valid: new Set<string>(),
    mode: 'normal' as 'normal' | 'hang' | 'error',
    requests: [] as URLSearchParams[],
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      state.requests.push(form);
      if (state.mode === 'hang') return;
      if (state.mode === 'error') {
        res.writeHead(500).end('oops');
        return;
      }
      // As Cloudflare answers: a wrong secret is named as such, before the token is looked at.
      const secretOk = form.get('secret') === secret;
      const ok = secretOk && state.valid.has(form.get('response') ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      const codes = ok ? [] : [secretOk ? 'invalid-input-response' : 'invalid-input-secret'];
      res.end(JSON.stringify({ success: ok, 'error-codes': codes }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
