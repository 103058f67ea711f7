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
    expect(loadConfig({ TRUST_PROXY: '1', HOST: '127.0.0.1' }).trustProxy).toBe(1);
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://a.example/, https://b.example' }).publicOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses true', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback' }).trustProxy).toBe(
      '10.0.0.0/8,::1,loopback',
    );
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
    // A hop count only when no client can reach the server except through the local proxy.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count needs HOST=127.0.0.1/);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example', '1.2.3.4,']) {
      try {
        loadConfig({ TRUST_PROXY: bad });
        expect.unreachable(bad);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        expect((e as ConfigError).problems).toEqual([
          expect.stringMatching(/^TRUST_PROXY: must be a hop count .* or your proxies' addresses/),
        ]);
      }
    }
  });

  it('refuses TRUST_PROXY ranges that cover most of the address space', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,fc00::/7,172.16.0.0/12' }).trustProxy).toBe(
      '10.0.0.0/8,fc00::/7,172.16.0.0/12',
    );
    for (const bad of [
      '0.0.0.0/0',
      '::/0',
      '0.0.0.0/1,128.0.0.0/1',
      '10.0.0.0/7',
      '::ffff:0:0/96',
      '8000::/1',
    ]) {
      try {
        loadConfig({ TRUST_PROXY: bad });
        expect.unreachable(bad);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        expect((e as ConfigError).problems).toEqual([
          expect.stringMatching(/^TRUST_PROXY: .* covers too much of the address space/),
        ]);
      }
    }
  });

  it('trusts self-signed SMTP certificates only when told to, and never in production', () => {
    expect(loadConfig({}).smtpTlsRejectUnauthorized).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'test', SMTP_TLS_REJECT_UNAUTHORIZED: 'false' }).smtpTlsRejectUnauthorized,
    ).toBe(false);
    expect(() => loadConfig({ SMTP_TLS_REJECT_UNAUTHORIZED: 'false' })).toThrow(ConfigError);
  });
});
