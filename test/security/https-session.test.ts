import { describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS_TOKEN } from '../../src/common/constants.js';
import { createUser, withTestApp } from '../helpers/test-app.js';

/**
 * Behind a TLS-terminating proxy (TRUST_PROXY names it, X-Forwarded-Proto says https) the session
 * lives only in the __Host- cookie, and answers carry HSTS.
 */
describe('sessions and HSTS over HTTPS', () => {
  const t = withTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  const HTTPS = { 'x-forwarded-proto': 'https' };

  /** Logs in over HTTPS and returns the session token from the __Host- cookie. */
  async function httpsLogin(): Promise<string> {
    const user = await createUser(t);
    const c = t.client();
    const res = await c.post(
      '/api/login',
      { username: user.username, password: user.plainPassword, captchaToken: CAPTCHA_BYPASS_TOKEN },
      // The browser's Origin is the https one the proxy serves.
      { headers: { ...HTTPS, origin: t.baseUrl.replace(/^http:/, 'https:') } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-pasteshare_session=.*; Secure/);
    return c.cookie('__Host-pasteshare_session')!;
  }

  const whoAmI = (cookie: string, headers: Record<string, string> = HTTPS) =>
    t.client().get('/api/user', { headers: { ...headers, cookie } });

  it('accepts only the __Host- cookie on HTTPS requests', async () => {
    const token = await httpsLogin();
    expect((await whoAmI(`__Host-pasteshare_session=${token}`)).status).toBe(200);
    // The same session under the plain name, as a subdomain or an HTTP answer could plant it.
    const plain = await whoAmI(`pasteshare_session=${token}`);
    expect(plain.status).toBe(401);
    expect(plain.body.error).toBe('UNAUTHORIZED');
  });

  it('keeps the plain cookie working over plain HTTP', async () => {
    const token = await httpsLogin();
    expect((await whoAmI(`pasteshare_session=${token}`, {})).status).toBe(200);
  });

  it('sends Strict-Transport-Security on HTTPS answers only', async () => {
    for (const path of ['/api/settings/public', '/']) {
      const https = await t.client().get(path, { headers: HTTPS });
      expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const http = await t.client().get(path);
      expect(http.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('ignores X-Forwarded-Proto from a client that is not the trusted proxy', async () => {
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/settings/public',
      headers: HTTPS,
      remoteAddress: '198.51.100.9',
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});
