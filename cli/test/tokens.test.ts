import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outOfScopeMessage } from '../../src/common/schemas/access-tokens.js';
import { completeSetup, signedIn, startTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { cliHarness, idOf } from './harness.js';

/** The CLI with personal access tokens (pst_…) in its key option, environment and config file. */
const h = cliHarness();
const { cli } = h;

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  await completeSetup(t);
  await t.app.services.settings.update({ enableAccessTokens: true });
  const { client } = await signedIn(t);
  const make = async (name: string, scopes: string[]) => {
    const res = await client.post('/api/account/tokens', { name, scopes });
    expect(res.status, res.text).toBe(201);
    tokens[name] = res.body.token;
  };
  await make('all', ['pastes:read', 'pastes:write', 'account:read']);
  await make('write', ['pastes:write']);
  await make('account', ['account:read']);
});
afterAll(() => t?.close());

describe('pasteshare with an access token', () => {
  it('pastes, lists and names the account with a token in the environment or --key', async () => {
    const site = { PASTESHARE_URL: t.baseUrl, PASTESHARE_API_KEY: tokens.all! };
    const made = await cli(['--title', 'from a token'], site, 'token text\n');
    expect(made.code, made.stderr).toBe(0);
    const id = idOf(made.stdout);
    expect((await t.client().get(`/api/pastes/${id}`)).body).toMatchObject({ content: 'token text\n' });
    const ls = await cli(['ls'], site);
    expect(ls.stdout).toContain(`${id}  `);
    const me = await cli(['whoami', '--url', t.baseUrl, '--key', tokens.account!]);
    expect(me.stdout).toMatch(new RegExp(`^\\S+ \\(user\\) on ${t.baseUrl}\\n$`));
  });

  it('is refused outside its scopes with the site’s message, exit code 2', async () => {
    const writeOnly = { PASTESHARE_URL: t.baseUrl, PASTESHARE_API_KEY: tokens.write! };
    expect((await cli([], writeOnly, 'allowed\n')).code).toBe(0);
    expect(await cli(['ls'], writeOnly)).toMatchObject({
      code: 2,
      stderr: `pasteshare: 403: ${outOfScopeMessage('pastes:read')}\n`,
    });
    const accountOnly = { PASTESHARE_URL: t.baseUrl, PASTESHARE_API_KEY: tokens.account! };
    expect(await cli([], accountOnly, 'refused\n')).toMatchObject({
      code: 2,
      stderr: `pasteshare: 403: ${outOfScopeMessage('pastes:write')}\n`,
    });
  });

  it('is saved by config (mode 0600) and used from the file; a revoked token is refused', async () => {
    const saved = await cli(['config', '--url', t.baseUrl, '--key', tokens.all!]);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout + saved.stderr).toMatch(/signed in as \S+ \(user\)/);
    const file = path.join(h.home, '.config', 'pasteshare', 'config.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await cli(['whoami'])).stdout).toMatch(/ \(user\) on /);
    await t.db.kysely.deleteFrom('access_tokens').execute();
    expect(await cli(['whoami'])).toMatchObject({
      code: 2,
      stderr:
        'pasteshare: 401: the API key was not accepted (check --key, PASTESHARE_API_KEY or the config file)\n',
    });
  });
});
