import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE_BYTES } from '../src/common/constants.js';
import { loadConfig } from '../src/server/config.js';
import { TECHNOLOGIES } from '../src/web/pages/about/technologies.js';
import { memberSections } from '../src/web/pages/api-docs/member-endpoints.js';
import { publicSection } from '../src/web/pages/api-docs/public-endpoints.js';
import { secondFactorSection, signInSection } from '../src/web/pages/api-docs/sign-in-endpoints.js';
import { createUser, loginClient, withTestApp } from './helpers/test-app.js';
import { tempDir } from './helpers/test-db.js';
import { sha256, textOfSize, waitAssembled } from './helpers/uploads.js';

/** The API page, docs/api.md, the README and the About page say only what the server does. */
const root = path.resolve(import.meta.dirname, '..');
const t = withTestApp({ each: false });
const run = promisify(execFile);

/** `/api/pastes/{id}` and `/api/pastes/:id` alike, without a query. */
const normalize = (p: string) => p.split('?')[0]!.replace(/\{[^}]+\}|:[A-Za-z]+/g, ':param');

function serverHas(method: string, url: string): boolean {
  const want = `${method} ${normalize(url)}`;
  if (t.app.routeAccess.some((r) => `${r.method} ${normalize(r.url)}` === want)) return true;
  return t.app.hasRoute({ method: method as 'GET', url: url.split('?')[0]!.replace(/\{([^}]+)\}/g, ':$1') });
}

describe('documentation names only routes the server has', () => {
  it('the API page', () => {
    const documented = [publicSection, signInSection, secondFactorSection, ...memberSections].flatMap((s) =>
      s.endpoints.map((e) => `${e.method} ${e.path}`),
    );
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((d) => !serverHas(d.split(' ')[0]!, d.split(' ')[1]!))).toEqual([]);
  });

  it('docs/api.md', () => {
    const text = fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8');
    const documented = text
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .flatMap((line) =>
        [...line.matchAll(/\b(GET|POST|PUT|DELETE) (\/[^\s?·`]+)/g)].map((m) => `${m[1]} ${m[2]}`),
      );
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((d) => !serverHas(d.split(' ')[0]!, d.split(' ')[1]!))).toEqual([]);
  });

  it('catches a route that does not exist', () => {
    expect(serverHas('POST', '/api/pastes/upload/init')).toBe(true);
    expect(serverHas('POST', '/api/pastes/upload/resume')).toBe(false);
    expect(serverHas('GET', '/raw/{id}')).toBe(true);
  });
});

describe('the About page names only parts that can be configured', () => {
  const samples: Record<string, string> = {
    REDIS_URL: 'redis://127.0.0.1:6379',
    S3_BUCKET: 'pastes',
    OIDC_PROVIDERS: JSON.stringify([
      { id: 'corp', name: 'Corp', issuer: 'https://sso.example', clientId: 'c', clientSecret: 's' },
    ]),
    LDAP_PROVIDERS: JSON.stringify([
      { id: 'dir', name: 'Directory', url: 'ldaps://ldap.example', searchBase: 'dc=example' },
    ]),
    CLAMAV_URL: 'tcp://127.0.0.1:3310',
  };
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

  for (const { name, enabledBy } of TECHNOLOGIES.filter((x) => x.enabledBy)) {
    it(`${name}: ${enabledBy} changes the configuration and the README documents it`, () => {
      const base = loadConfig({ NODE_ENV: 'test' });
      const sample = samples[enabledBy!];
      expect(sample, `a sample value for ${enabledBy}`).toBeDefined();
      expect(JSON.stringify(loadConfig({ NODE_ENV: 'test', [enabledBy!]: sample }))).not.toBe(
        JSON.stringify(base),
      );
      expect(readme).toContain(enabledBy);
    });
  }
});

describe('the API page’s chunked-upload walkthrough', () => {
  it('runs as printed (with a real key and file) and uploads the file byte for byte', async () => {
    const u = await createUser(t);
    const c = await loginClient(t, u.username, u.plainPassword);
    const key = (await c.post('/api/user/regenerate-api-key', {})).body.apiKey as string;
    const chunked = memberSections.find((s) => s.id === 'chunked')!;
    const script = chunked.walkthrough!.script(`${t.baseUrl}/api`, t.baseUrl);
    expect(script).toContain('KEY=pb_YOUR_API_KEY');

    const dir = tempDir('walkthrough-');
    const data = textOfSize(CHUNK_SIZE_BYTES + 4321);
    fs.writeFileSync(path.join(dir, 'dump.sql'), data);
    const { stdout } = await run('bash', ['-e', '-c', script.replace('KEY=pb_YOUR_API_KEY', `KEY=${key}`)], {
      cwd: dir,
    });
    const { id } = JSON.parse(stdout) as { id: string };
    await waitAssembled(c, id);
    const res = await fetch(`${t.baseUrl}/api/pastes/${id}/download`);
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(data));
    expect((await c.get(`/api/pastes/${id}`)).body.title).toBe('dump.sql');
    // The parts it split off are removed again.
    expect(fs.readdirSync(dir)).toEqual(['dump.sql']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
