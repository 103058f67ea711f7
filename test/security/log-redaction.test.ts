import { describe, expect, it } from 'vitest';
import { withTestApp } from '../helpers/test-app.js';

/** Logged request URLs keep method and path but never a token or access grant. */
describe('request log', () => {
  const lines: string[] = [];
  const t = withTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });

  const loggedUrls = () =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string } })
      .filter((entry) => entry.msg === 'incoming request' && entry.req)
      .map((entry) => `${entry.req!.method} ${entry.req!.url}`);

  it('redacts query values and email-token path segments', async () => {
    lines.length = 0;
    const c = t.client();
    await c.get('/api/verify-email/SECRET-VERIFY-TOKEN');
    await c.get('/reset-password?token=SECRET-RESET-TOKEN');
    await c.get('/api/pastes/abcd1234/raw?access=SECRET-GRANT&download=1');
    await c.get('/verify-email?code=SECRET-REVEAL-CODE');

    const log = lines.join('\n');
    for (const secret of [
      'SECRET-VERIFY-TOKEN',
      'SECRET-RESET-TOKEN',
      'SECRET-GRANT',
      'SECRET-REVEAL-CODE',
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(loggedUrls()).toEqual([
      'GET /api/verify-email/[redacted]',
      'GET /reset-password?token=[redacted]',
      'GET /api/pastes/abcd1234/raw?access=[redacted]&download=[redacted]',
      'GET /verify-email?code=[redacted]',
    ]);
  });
});
