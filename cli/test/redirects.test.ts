import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHarness } from './harness.js';

const h = cliHarness();

/** Every request a server got: its path and the two headers that must never leave for another host. */
interface Seen {
  url: string;
  key: string | undefined;
  password: string | undefined;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const KEY = 'pb_redirect-test-key-0123456789';
let elsewhere = '';
let redirecting = '';
let moved = '';
const seenElsewhere: Seen[] = [];
const servers: http.Server[] = [];

beforeAll(async () => {
  // The other host: it would answer as a pasteshare site, and notes every header it is sent.
  const other = http.createServer((req, res) => {
    seenElsewhere.push({
      url: req.url ?? '',
      key: req.headers['x-api-key'] as string | undefined,
      password: req.headers['x-paste-password'] as string | undefined,
    });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"abcdefabcdef"}');
  });
  elsewhere = await listen(other);
  // The configured site: every request is sent on to the other host, the path kept (307 keeps the
  // method and the body; 302 turns a POST into a GET).
  const redirect = http.createServer((req, res) => {
    req.resume();
    const status = req.method === 'GET' || req.method === 'HEAD' ? 302 : 307;
    res.writeHead(status, { location: `${elsewhere}${req.url}` }).end();
  });
  redirecting = await listen(redirect);
  // A site that moved under a path on the other host.
  const under = http.createServer((req, res) => {
    req.resume();
    res.writeHead(301, { location: `${elsewhere}/pastes${req.url}` }).end();
  });
  moved = await listen(under);
  servers.push(other, redirect, under);
});
afterAll(() => {
  for (const s of servers) s.close();
});

describe('a site that redirects', () => {
  it('gets neither the API key nor a paste password sent on: every command stops and names the site to use', async () => {
    const site = { PASTESHARE_URL: redirecting, PASTESHARE_API_KEY: KEY };
    const runs: [string[], string | undefined, string][] = [
      [[], 'a paste', '/api/v1/pastes?privacy=public'],
      [['--password=hunter22'], 'a protected paste', '/api/v1/pastes?privacy=password'],
      [['--e2e'], 'an encrypted paste', '/api/v1/pastes'],
      [['get', 'abcdefabcdef', '--password=hunter22'], undefined, '/api/pastes/abcdefabcdef/raw'],
      [['revisions', 'abcdefabcdef', '--password=hunter22'], undefined, '/api/pastes/abcdefabcdef/revisions'],
      [['whoami'], undefined, '/api/user'],
      [['ls'], undefined, '/api/v1/pastes?page=1&limit=50'],
      [['rm', 'abcdefabcdef', '--reason', 'mine'], undefined, '/api/user'],
      [['edit', 'abcdefabcdef'], 'new text', '/api/v1/pastes?search=abcdefabcdef&limit=100'],
    ];
    for (const [args, input, path] of runs) {
      const r = await h.cli(args, site, input);
      expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        args,
        code: 2,
        stdout: '',
        stderr: `pasteshare: the site redirected to ${elsewhere}${path}: use --url ${elsewhere}\n`,
      });
    }
    expect(seenElsewhere).toEqual([]);
  });

  it('config saves, and warns that the site redirects', async () => {
    const r = await h.cli(['config', '--url', redirecting, '--key', KEY]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^saved in .*config\.json\n$/);
    expect(r.stderr).toBe(
      `pasteshare: warning: the site redirected to ${elsewhere}/api/user: use --url ${elsewhere}\n`,
    );
    expect(seenElsewhere).toEqual([]);
  });

  it('names the new site when the old one moved under a path', async () => {
    const r = await h.cli(['whoami'], { PASTESHARE_URL: moved, PASTESHARE_API_KEY: KEY });
    expect(r.stderr).toBe(
      `pasteshare: the site redirected to ${elsewhere}/pastes/api/user: use --url ${elsewhere}/pastes\n`,
    );
    expect(seenElsewhere).toEqual([]);
  });
});
