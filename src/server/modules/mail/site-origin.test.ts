import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createMetrics } from '../../infra/metrics/metrics.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createMailService } from './mail.service.js';

/** The origin of links in mails: setup's domain, else the first PUBLIC_ORIGIN, never a request. */
function siteOrigin(domain: string, publicOrigin?: string) {
  const settings = { get: async () => ({ domain }) } as unknown as SettingsService;
  const config = loadConfig(publicOrigin ? { PUBLIC_ORIGIN: publicOrigin } : {});
  return createMailService({ settings, config, metrics: createMetrics() }).siteOrigin();
}

describe('site origin for links in mails', () => {
  it('prefers the domain stored at setup, then a legacy bare host, then PUBLIC_ORIGIN', async () => {
    expect(await siteOrigin('https://paste.example', 'https://other.example')).toBe('https://paste.example');
    expect(await siteOrigin('paste.example:8443', 'https://other.example')).toBe(
      'https://paste.example:8443',
    );
    expect(await siteOrigin('', 'https://other.example/, https://third.example')).toBe(
      'https://other.example',
    );
  });

  it('has none when neither is an origin', async () => {
    expect(await siteOrigin('')).toBeNull();
    expect(await siteOrigin('', 'other.example')).toBeNull();
    expect(await siteOrigin('not a host/at all')).toBeNull();
  });
});
