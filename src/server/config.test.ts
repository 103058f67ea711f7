import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has working defaults for the two-command start', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.maxPasteBytes).toBe(2 * 1024 ** 3);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT:/m);
      expect(problems).toMatch(/^DATABASE_URL:/m);
      expect(problems).toMatch(/^LOG_LEVEL:/m);
    }
  });

  it('parses TRUST_PROXY and PUBLIC_ORIGIN', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://a.example/, https://b.example' }).publicOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('trusts self-signed SMTP certificates only when told to, and never in production', () => {
    expect(loadConfig({}).smtpTlsRejectUnauthorized).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'test', SMTP_TLS_REJECT_UNAUTHORIZED: 'false' }).smtpTlsRejectUnauthorized,
    ).toBe(false);
    expect(() => loadConfig({ SMTP_TLS_REJECT_UNAUTHORIZED: 'false' })).toThrow(ConfigError);
  });
});
