import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/test-db.js';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
}

const oidc = {
  id: 'corp',
  name: 'Corp',
  issuer: 'https://idp.example/realms/x',
  clientId: 'c',
  clientSecret: 'TOP-SECRET',
};

describe('sign-in providers from the environment', () => {
  it('reads OIDC_PROVIDERS with their defaults, GitHub as a kind of its own', () => {
    const providers = loadConfig({
      OIDC_PROVIDERS: JSON.stringify([
        oidc,
        { id: 'github', name: 'GitHub', kind: 'github', clientId: 'g', clientSecret: 's' },
      ]),
    }).identity.providers;
    expect(providers).toEqual([
      {
        ...oidc,
        kind: 'oidc',
        enabled: true,
        scopes: ['openid', 'email', 'profile'],
        usernameClaim: 'preferred_username',
        groupsClaim: 'groups',
        roleMap: {},
        teamMap: {},
      },
      { id: 'github', name: 'GitHub', kind: 'github', enabled: true, clientId: 'g', clientSecret: 's' },
    ]);
  });

  it('reads LDAP_PROVIDERS, with the certificates of caFile', () => {
    const dir = tempDir('ldap-ca-');
    fs.writeFileSync(
      path.join(dir, 'ca.pem'),
      '-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----\n',
    );
    const [ldap] = loadConfig({
      LDAP_PROVIDERS: JSON.stringify([
        {
          id: 'dir',
          name: 'Directory',
          url: 'ldaps://ldap.example',
          caFile: path.join(dir, 'ca.pem'),
          searchBase: 'dc=example',
        },
      ]),
    }).identity.providers;
    expect(ldap).toMatchObject({
      kind: 'ldap',
      caCert: expect.stringContaining('BEGIN CERTIFICATE'),
      searchFilter: '(uid={username})',
      groupAttribute: 'memberOf',
      bindDn: '',
    });
    fs.rmSync(dir, { recursive: true });
  });

  it('names each bad entry and field, and never echoes a value (entries hold secrets)', () => {
    const problems = problemsOf({
      OIDC_PROVIDERS: JSON.stringify([
        { ...oidc, issuer: 'http://idp.example' },
        { ...oidc, id: 'other', roleMap: { staff: 'owner' } },
        { ...oidc, id: 'dup' },
        { ...oidc, id: 'dup' },
      ]),
      LDAP_PROVIDERS: JSON.stringify([
        {
          id: 'dir',
          name: 'D',
          url: 'ldap://x',
          searchBase: 'dc=x',
          caFile: '/nonexistent/ca.pem',
          searchFilter: '(uid=*)',
        },
      ]),
    });
    expect(problems).toEqual([
      expect.stringMatching(/^OIDC_PROVIDERS\[0\]\.issuer: Issuer must be an https:\/\/ URL/),
      expect.stringMatching(/^OIDC_PROVIDERS\[1\]\.roleMap\.staff: /),
      'LDAP_PROVIDERS[0].caFile: cannot be read',
      expect.stringMatching(
        /^LDAP_PROVIDERS\[0\]\.searchFilter: Search filter must be in parentheses and contain \{username\}/,
      ),
      'OIDC_PROVIDERS/LDAP_PROVIDERS: the id dup is used twice',
    ]);
    expect(problems.join('\n')).not.toContain('TOP-SECRET');
    expect(problemsOf({ OIDC_PROVIDERS: `[${JSON.stringify(oidc)}` })).toEqual([
      'OIDC_PROVIDERS: is not valid JSON (a JSON array of providers)',
    ]);
  });

  it('takes GitHub’s addresses from the environment in tests only', () => {
    const fake = { GITHUB_OAUTH_URL: 'http://127.0.0.1:9/', GITHUB_API_URL: 'http://127.0.0.1:9/api' };
    expect(loadConfig({ NODE_ENV: 'test', ...fake }).identity).toMatchObject({
      githubOAuthUrl: 'http://127.0.0.1:9',
      githubApiUrl: 'http://127.0.0.1:9/api',
    });
    expect(loadConfig({}).identity.githubOAuthUrl).toBe('https://github.com');
    expect(problemsOf({ NODE_ENV: 'production', ...fake })).toEqual([
      'GITHUB_OAUTH_URL: tests only, never with NODE_ENV=production',
      'GITHUB_API_URL: tests only, never with NODE_ENV=production',
    ]);
  });
});
