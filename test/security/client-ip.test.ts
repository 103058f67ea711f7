import { describe, expect, it } from 'vitest';
import { withTestApp } from '../helpers/test-app.js';

/**
 * Behind one proxy (TRUST_PROXY=1) the client IP is the entry the proxy appended, the last one of
 * X-Forwarded-For; whatever a client writes in front of it must not become its IP, or per-IP
 * limits are gone.
 */
describe('client IP behind a trusted proxy', () => {
  const t = withTestApp({ env: { TRUST_PROXY: '1', HOST: '127.0.0.1' } });

  const forgot = (i: number, forwardedFor: string) =>
    t
      .client()
      .post(
        '/api/auth/forgot-password',
        { email: `someone${i}@example.com` },
        { headers: { 'x-forwarded-for': forwardedFor } },
      );

  it('counts a client that prepends made-up addresses as the address the proxy appended', async () => {
    // The forgot-password limit is 20 per IP per hour.
    for (let i = 0; i < 20; i++) {
      expect((await forgot(i, `198.51.100.${i}, 203.0.113.7`)).status).toBe(200);
    }
    const spoofed = await forgot(20, '10.9.9.9, 203.0.113.7');
    expect(spoofed.status).toBe(429);
    expect(spoofed.body.error).toBe('RATE_LIMITED');

    // Another client behind the same proxy has its own counter.
    expect((await forgot(21, '203.0.113.8')).status).toBe(200);
  });
});
