import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/helpers/ports.js';
import { startS3Server } from '../../test/helpers/s3-server.js';
import { startTcpProxy } from '../../test/helpers/tcp-proxy.js';
import {
  ADMIN,
  completeSetup,
  loginClient,
  signedIn,
  startTestApp,
  type TestApp,
} from '../../test/helpers/test-app.js';
import { tempDir } from '../../test/helpers/test-db.js';
import { sha256, textOfSize } from '../../test/helpers/uploads.js';
import { waitUntil } from '../../test/helpers/wait-until.js';
import { cliHarness, finish, idOf } from './harness.js';

/** The bundle `npm pack` ships (cli/dist/pasteshare.mjs): the package test packs this same file. */
const here = import.meta.dirname;
const h = cliHarness({ bin: path.join(here, '..', 'dist', 'pasteshare.mjs') });
const { cli, start, onTerminal } = h;

let t: TestApp;
let key = '';
let site: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: 'cli-test-metrics-token-1234' } });
  await completeSetup(t);
  const { client } = await signedIn(t);
  key = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
  site = { PASTESHARE_URL: t.baseUrl, PASTESHARE_API_KEY: key };
});
afterAll(() => t?.close());

describe('pasteshare (create)', () => {
  it('pastes standard input and prints only the link', async () => {
    const r = await cli([], site, 'hello from a pipe\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${t.baseUrl}/paste/[A-Za-z0-9_-]+\\n$`));
    const view = await t.client().get(`/api/pastes/${idOf(r.stdout)}`);
    expect(view.body).toMatchObject({ content: 'hello from a pipe\n', privacy: 'public' });
  });

  it('pastes each file, links in order, titled by the file name unless --title', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a.py'), 'print("a")\n');
    fs.writeFileSync(path.join(dir, 'b.txt'), 'b\n');
    const r = await cli([path.join(dir, 'a.py'), path.join(dir, 'b.txt'), '--expire', '1w'], site);
    expect(r.code).toBe(0);
    const [a, b] = r.stdout.trim().split('\n').map(idOf);
    expect((await t.client().get(`/api/pastes/${a}`)).body).toMatchObject({
      title: 'a.py',
      content: 'print("a")\n',
      expiration: '1w',
    });
    expect((await t.client().get(`/api/pastes/${b}`)).body).toMatchObject({ title: 'b.txt', content: 'b\n' });
    const titled = await cli([path.join(dir, 'b.txt'), '--title', 'Build log', '--language', 'bash'], site);
    expect((await t.client().get(`/api/pastes/${idOf(titled.stdout)}`)).body).toMatchObject({
      title: 'Build log',
      language: 'bash',
    });
  });

  it('makes unlisted, password, burn and never-expiring pastes; --json and --quiet', async () => {
    const unlisted = await cli(['--unlisted', '--json'], site, 'u');
    const answer = JSON.parse(unlisted.stdout);
    expect(answer.url).toBe(`${t.baseUrl}/paste/${answer.id}`);
    expect((await t.client().get(`/api/pastes/${answer.id}`)).body.privacy).toBe('unlisted');

    const locked = await cli(['--password=s3cret'], site, 'behind a password');
    const lockedId = idOf(locked.stdout);
    expect((await t.client().get(`/api/pastes/${lockedId}`)).body).toMatchObject({ requiresPassword: true });

    const burn = await cli(['--expire', 'burn'], site, 'once');
    expect((await t.client().get(`/api/pastes/${idOf(burn.stdout)}?reveal=false`)).body.requiresReveal).toBe(
      true,
    );

    // A plain user may not keep a paste forever: the site's own refusal, exit code 2.
    const never = await cli(['--expire', 'never'], site, 'forever');
    expect(never.code).toBe(2);
    expect(never.stderr).toBe(
      'pasteshare: 403: Unlimited expiration is only available for VIP, Admin, and Manager users\n',
    );

    const quiet = await cli(['--quiet'], site, 'quiet');
    expect(quiet).toMatchObject({ code: 0, stdout: '' });
  });

  it('works without a key where the site allows it (a visitor paste)', async () => {
    const r = await cli(['--url', t.baseUrl, '--json'], {}, 'anonymous');
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout);
    expect(answer.creatorToken).toEqual(expect.any(String));
    expect((await t.client().get(`/api/pastes/${answer.id}`)).body.content).toBe('anonymous');
  });

  it('says what is wrong in one line, with the documented exit codes', async () => {
    expect(await cli([], { PASTESHARE_URL: t.baseUrl, PASTESHARE_API_KEY: 'pb_wrong' }, 'x')).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'pasteshare: 401: the API key was not accepted (check --key, PASTESHARE_API_KEY or the config file)\n',
    });
    const closed = await freePort();
    expect(await cli([], { PASTESHARE_URL: `http://127.0.0.1:${closed}` }, 'x')).toMatchObject({
      code: 2,
      stderr: `pasteshare: could not connect to 127.0.0.1:${closed} (connection refused)\n`,
    });
    expect(await cli([], {}, 'x')).toMatchObject({
      code: 1,
      stderr: 'pasteshare: no site: pass --url, set PASTESHARE_URL, or run `pasteshare config --url URL`\n',
    });
    expect((await cli(['--expire', '2d'], site, 'x')).stderr).toBe(
      'pasteshare: --expire must be one of 1h, 1d, 1w, 1m, 3m, 6m, never, burn (not 2d)\n',
    );
    expect((await cli(['--bogus'], site, 'x')).code).toBe(1);
    expect((await cli(['/no/such/file'], site)).stderr).toBe('pasteshare: no such file: /no/such/file\n');
    // A wrong path on the site, and a server that is not pasteshare at all.
    expect((await cli(['--url', `${t.baseUrl}/somewhere`], {}, 'x')).stderr).toBe(
      'pasteshare: 404: No route for POST /somewhere/api/pastes\n',
    );
    const notOurs = http.createServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>no</h1>'),
    );
    await new Promise<void>((r) => notOurs.listen(0, '127.0.0.1', r));
    const elsewhere = `http://127.0.0.1:${(notOurs.address() as AddressInfo).port}`;
    expect(await cli(['--url', elsewhere], {}, 'x')).toMatchObject({
      code: 2,
      stderr: `pasteshare: 404: ${elsewhere} did not answer as a pasteshare site (Not Found)\n`,
    });
    notOurs.close();
    // Empty input: the site's message.
    expect((await cli([], site, '')).stderr).toBe('pasteshare: 400: Please enter some content first\n');
  });

  it('prints help for each command', async () => {
    for (const command of ['', 'edit', 'revisions', 'get', 'ls', 'rm', 'whoami', 'config']) {
      const r = await cli([...(command ? [command] : []), '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: pasteshare ${command}`));
    }
  });
});

describe('pasteshare get, ls, rm, whoami', () => {
  it('get prints the bytes as stored, from a link or an id; a password paste takes --password', async () => {
    const content = 'Grüße\r\nno newline at the end';
    const link = (await cli([], site, content)).stdout.trim();
    const byLink = await cli(['get', link]);
    expect(byLink.code).toBe(0);
    expect(byLink.stdoutBytes.equals(Buffer.from(content))).toBe(true);
    const byId = await cli(['get', idOf(link)], site);
    expect(byId.stderr).toBe('');
    expect(byId.stdout).toBe(content);

    const locked = (await cli(['--password=s3cret'], site, 'secret text')).stdout.trim();
    expect(await cli(['get', locked, '--password=s3cret'])).toMatchObject({ code: 0, stdout: 'secret text' });
    expect(await cli(['get', locked, '--password=wrong'])).toMatchObject({
      code: 2,
      stderr: 'pasteshare: 403: Invalid password\n',
    });
    // No terminal to ask on (a test has none): told how to give it.
    expect(await cli(['get', locked])).toMatchObject({
      code: 1,
      stderr: 'pasteshare: a password is needed and there is no terminal to ask on: pass --password=VALUE\n',
    });
    expect((await cli(['get', `${t.baseUrl}/paste/nope12345678`])).stderr).toBe(
      'pasteshare: 404: Paste not found\n',
    );
  });

  it('reads a members-only site with the key; without it, says the site is for members', async () => {
    const link = (await cli(['--title=notes'], site, 'members read this')).stdout.trim();
    expect((await cli(['edit', link], site, 'members read this, twice')).code).toBe(0);
    const admin = await loginClient(t, ADMIN.username, ADMIN.password);
    expect((await admin.put('/api/settings', { requireSignInToRead: true })).status).toBe(200);
    try {
      expect(await cli(['get', link], site)).toMatchObject({ code: 0, stdout: 'members read this, twice' });
      expect(await cli(['get', link, '--revision=1'], site)).toMatchObject({
        code: 0,
        stdout: 'members read this',
      });
      expect((await cli(['revisions', link], site)).stdout.trim().split('\n')).toHaveLength(2);
      expect(await cli(['get', link])).toMatchObject({
        code: 2,
        stderr: 'pasteshare: 401: This site is for its members only: sign in to read it\n',
      });
    } finally {
      expect((await admin.put('/api/settings', { requireSignInToRead: false })).status).toBe(200);
    }
  });

  it('never sends the key to a site other than the configured one', async () => {
    const seen: (string | undefined)[] = [];
    const other = http.createServer((req, res) => {
      seen.push(req.headers['x-api-key'] as string | undefined);
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":"NOT_FOUND","message":"Paste not found"}');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const { port } = other.address() as AddressInfo;
      const r = await cli(['get', `http://127.0.0.1:${port}/paste/abcdefabcdef`], site);
      expect(r.stderr).toBe('pasteshare: 404: Paste not found\n');
      // The HEAD that asks what the paste is, then the GET that says why not: neither with the key.
      expect(seen).toEqual([undefined, undefined]);
    } finally {
      other.close();
    }
  });

  it('ls lists my pastes, rm asks for a deletion, whoami names the account', async () => {
    const link = (await cli(['--title', 'listed one'], site, 'to be listed')).stdout.trim();
    const ls = await cli(['ls'], site);
    expect(ls.code).toBe(0);
    expect(ls.stdout).toContain(`${idOf(link)}  `);
    expect(ls.stdout).toContain('  listed one\n');
    expect(
      JSON.parse((await cli(['ls', '--json', '--search', 'listed one'], site)).stdout).pastes,
    ).toHaveLength(1);

    expect(await cli(['rm', link], site)).toMatchObject({
      code: 1,
      stderr: 'pasteshare: rm needs --reason TEXT: the moderators read it\n',
    });
    expect(await cli(['rm', link, '--reason', 'posted by mistake'], site)).toMatchObject({
      code: 0,
      stdout: `Deletion of ${idOf(link)} requested: a moderator will decide.\n`,
    });
    const requests = await t.db.kysely.selectFrom('deletion_requests').selectAll().execute();
    expect(requests.some((r) => r.paste_id === idOf(link) && r.reason === 'posted by mistake')).toBe(true);

    const me = await cli(['whoami'], site);
    expect(me.stdout).toMatch(new RegExp(`^\\S+ \\(user\\) on ${t.baseUrl}\\n$`));
    expect((await cli(['whoami', '--url', t.baseUrl])).stdout).toBe(
      `anonymous on ${t.baseUrl} (no API key)\n`,
    );
    // Flags over the environment.
    const flagged = await cli(['whoami', '--json', '--url', t.baseUrl, '--key', key], {
      PASTESHARE_API_KEY: 'pb_wrong',
    });
    expect(JSON.parse(flagged.stdout)).toMatchObject({ user: { role: 'user' }, site: t.baseUrl });
    expect((await cli(['ls', '--url', t.baseUrl])).stderr).toBe(
      'pasteshare: ls needs an API key: pass --key or set PASTESHARE_API_KEY\n',
    );
  });
});

describe('pasteshare edit, revisions, get --revision', () => {
  it('edits from a file and from standard input; revisions lists them; get -r reads each', async () => {
    const dir = tempDir();
    const link = (await cli(['--title', 'notes'], site, 'first\nsecond\n')).stdout.trim();
    const id = idOf(link);

    const file = path.join(dir, 'notes.md');
    fs.writeFileSync(file, 'first\nsecond, fixed\nthird\n');
    expect(await cli(['edit', link, file, '--language', 'markdown'], site)).toMatchObject({
      code: 0,
      stdout: `${link}  revision 2\n`,
      stderr: '',
    });
    // A bare id, standard input (implied, or -), a new title.
    expect(await cli(['edit', id, '--title', 'Notes v3'], site, 'only line\n')).toMatchObject({
      code: 0,
      stdout: `${link}  revision 3\n`,
    });
    const view = (await t.client().get(`/api/pastes/${id}`)).body;
    expect(view).toMatchObject({
      content: 'only line\n',
      title: 'Notes v3',
      language: 'markdown',
      revision: 3,
    });
    // The same text again makes no revision.
    expect(await cli(['edit', link, '-'], site, 'only line\n')).toMatchObject({
      code: 0,
      stdout: `${link}  nothing changed (revision 3)\n`,
    });
    expect(JSON.parse((await cli(['edit', link, '--json'], site, 'only line\n')).stdout)).toEqual({
      id,
      url: link,
      revision: 3,
      changed: false,
    });
    expect((await cli(['edit', link, '--quiet'], site, 'fourth\n')).stdout).toBe('');

    const listed = await cli(['revisions', link]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    const row = /^(\d) {2}(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC +(\d+ B) {2}(\+\d+ -\d+) {2}(.*)$/;
    expect(
      lines.map((l) =>
        row
          .exec(l)
          ?.slice(1)
          .filter((_, i) => i !== 1),
      ),
    ).toEqual([
      ['1', '13 B', '+2 -0', 'notes'],
      ['2', '26 B', '+2 -1', 'notes'],
      ['3', '10 B', '+1 -3', 'Notes v3'],
      ['4', '7 B', '+1 -1', 'Notes v3'],
    ]);
    const json = JSON.parse((await cli(['revisions', id, '--json'], site)).stdout);
    expect(json.revisions.map((r: { number: number }) => r.number)).toEqual([1, 2, 3, 4]);

    // Each revision's text as it was; the paste itself is the newest.
    expect(await cli(['get', link, '-r', '1'])).toMatchObject({ code: 0, stdout: 'first\nsecond\n' });
    expect((await cli(['get', id, '--revision', '2'], site)).stdout).toBe('first\nsecond, fixed\nthird\n');
    expect((await cli(['get', `${link}/r/3`])).stdout).toBe('only line\n');
    expect((await cli(['get', link])).stdout).toBe('fourth\n');
    expect(await cli(['get', link, '-r', '9'])).toMatchObject({
      code: 2,
      stderr: 'pasteshare: 404: Revision not found\n',
    });
    expect(await cli(['get', link, '-r', '0'])).toMatchObject({
      code: 1,
      stderr: 'pasteshare: --revision: a revision number from 1 (not 0)\n',
    });
  });

  it('a password paste keeps its password: revisions and get -r need it', async () => {
    const link = (await cli(['--password=pw1'], site, 'locked v1\n')).stdout.trim();
    // The author edits without it.
    expect((await cli(['edit', link], site, 'locked v2\n')).stdout).toBe(`${link}  revision 2\n`);
    expect(await cli(['get', link, '-r', '1', '--password=pw1'])).toMatchObject({
      code: 0,
      stdout: 'locked v1\n',
    });
    expect(await cli(['revisions', link])).toMatchObject({
      code: 1,
      stderr: 'pasteshare: a password is needed and there is no terminal to ask on: pass --password=VALUE\n',
    });
    expect((await cli(['revisions', link, '--password=pw1'])).stdout.split('\n')).toHaveLength(3);
    expect(await cli(['revisions', link, '--password=nope'])).toMatchObject({
      code: 2,
      stderr: 'pasteshare: 403: Invalid password\n',
    });
  });

  it("refuses someone else's paste, a burn paste and the options an edit cannot change", async () => {
    const { client } = await signedIn(t);
    const otherKey = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
    const theirs = (
      await cli([], { PASTESHARE_URL: t.baseUrl, PASTESHARE_API_KEY: otherKey }, 'theirs\n')
    ).stdout.trim();
    expect(await cli(['edit', theirs], site, 'mine now\n')).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'pasteshare: 403: You can only edit your own pastes\n',
    });
    expect((await t.client().get(`/api/pastes/${idOf(theirs)}`)).body.content).toBe('theirs\n');

    // Someone else's burn paste: refused, and still there to be read once.
    const theirBurn = (
      await cli(['--expire', 'burn'], { PASTESHARE_URL: t.baseUrl, PASTESHARE_API_KEY: otherKey }, 'once\n')
    ).stdout.trim();
    expect((await cli(['edit', theirBurn], site, 'x\n')).stderr).toBe(
      'pasteshare: 403: You can only edit your own pastes\n',
    );
    expect((await cli(['get', theirBurn])).stdout).toBe('once\n');
    const myBurn = (await cli(['--expire', 'burn'], site, 'mine once\n')).stdout.trim();
    expect(await cli(['edit', myBurn], site, 'x\n')).toMatchObject({
      code: 2,
      stderr: 'pasteshare: 403: A burn-after-reading paste cannot be edited\n',
    });

    const mine = (await cli([], site, 'mine\n')).stdout.trim();
    expect(await cli(['edit', mine, '--unlisted'], site, 'x\n')).toMatchObject({
      code: 1,
      stderr: "pasteshare: edit: --unlisted is not an edit's to change (privacy, password and expiry stay)\n",
    });
    expect((await cli(['edit', mine, '--password=x'], site, 'x\n')).code).toBe(1);
    expect(await cli(['edit', mine, '--url', t.baseUrl], {}, 'x\n')).toMatchObject({
      code: 1,
      stderr: 'pasteshare: edit needs an API key: pass --key or set PASTESHARE_API_KEY\n',
    });
    expect(await cli(['edit', mine], site, '   ')).toMatchObject({
      code: 2,
      stderr: 'pasteshare: 400: Please enter some content first\n',
    });
    expect((await cli(['edit', mine, '/no/such/file'], site)).stderr).toBe(
      'pasteshare: no such file: /no/such/file\n',
    );
    expect(await cli(['edit', 'http://elsewhere.example/paste/abcdefabcdef'], site, 'x\n')).toMatchObject({
      code: 1,
      stderr: `pasteshare: http://elsewhere.example/paste/abcdefabcdef is not on ${t.baseUrl}, the site the API key is for: pass --url and --key\n`,
    });
    expect((await t.client().get(`/api/pastes/${idOf(mine)}`)).body.content).toBe('mine\n');
  });
});

describe('at a terminal', () => {
  it('asks for a password without echoing it', async () => {
    const locked = (await cli(['--password=tty-secret'], site, 'shown after the prompt')).stdout.trim();
    const child = onTerminal(['get', locked], {});
    const run = finish(child);
    // Typed once the prompt is there.
    let seen = '';
    child.stdout!.on('data', (d: Buffer) => {
      seen += d.toString();
      if (seen.includes('Paste password: ') && !child.stdin!.writableEnded) child.stdin!.end('tty-secret\r');
    });
    const r = await run;
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Paste password: ');
    expect(r.stdout).toContain('shown after the prompt');
    expect(r.stdout).not.toContain('tty-secret');
  });

  it('draws upload progress on the terminal, and nothing of it into a pipe', async () => {
    const file = path.join(tempDir(), 'progress.log');
    fs.writeFileSync(file, textOfSize(60 * 1024 * 1024, 2));
    const shown = await finish(onTerminal([file, '--chunk-size', '10M'], site));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/\d+\.\d MB \/ 60\.0 MB {2}[\d.]+ MB\/s {2}\d+ s left/);
    fs.appendFileSync(file, ' ');
    const piped = await cli([file, '--chunk-size', '10M'], site);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe('');
  });
});

describe('a secret before it goes public', () => {
  /** A generated fake, never a literal here: a GitHub token on line 2. */
  const leaky = () => `deploy:\n  token ${'ghp_'}${randomBytes(18).toString('hex')}\n`;
  const pasteCount = async () => (await t.db.kysely.selectFrom('pastes').select('id').execute()).length;

  it('refuses with exit code 3 without a terminal; --allow-secrets, --unlisted or --password publish', async () => {
    const before = await pasteCount();
    expect(await cli([], site, leaky())).toMatchObject({
      code: 3,
      stdout: '',
      stderr:
        'pasteshare: refused: standard input looks like it contains credentials (GitHub token on line 2); ' +
        'make it --e2e, --unlisted or --password, remove them, or pass --allow-secrets\n',
    });
    expect(await pasteCount()).toBe(before);
    const allowed = await cli(['--allow-secrets', '--json'], site, leaky());
    expect(allowed.code).toBe(0);
    // The site says what it found too.
    expect(JSON.parse(allowed.stdout).secretsFound).toEqual([{ kind: 'github-token', line: 2 }]);
    expect((await cli(['--unlisted'], site, leaky())).code).toBe(0);
    expect((await cli(['--password=pw'], site, leaky())).code).toBe(0);
  });

  it('checks an edit of a public paste the same way; not an unlisted one', async () => {
    const link = (await cli([], site, 'clean\n')).stdout.trim();
    expect(await cli(['edit', link], site, leaky())).toMatchObject({
      code: 3,
      stdout: '',
      stderr:
        'pasteshare: refused: standard input looks like it contains credentials (GitHub token on line 2); ' +
        'an edit keeps the paste public, so remove them, or pass --allow-secrets\n',
    });
    expect((await t.client().get(`/api/pastes/${idOf(link)}`)).body).toMatchObject({
      content: 'clean\n',
      revision: 1,
    });
    const allowed = await cli(['edit', link, '--allow-secrets', '--json'], site, leaky());
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout)).toMatchObject({
      revision: 2,
      changed: true,
      secretsFound: [{ kind: 'github-token', line: 2 }],
    });
    const unlisted = (await cli(['--unlisted'], site, 'clean\n')).stdout.trim();
    expect((await cli(['edit', unlisted], site, leaky())).stdout).toBe(`${unlisted}  revision 2\n`);
  });

  it('asks at a terminal, on create and on edit: yes publishes, anything else refuses', async () => {
    const file = path.join(tempDir(), 'deploy.yml');
    fs.writeFileSync(file, leaky());
    const edited = (await cli([], site, 'clean\n')).stdout.trim();
    for (const [args, answer, code] of [
      [[file], 'y', 0],
      [[file], 'n', 3],
      [['edit', edited, file], 'n', 3],
      [['edit', edited, file], 'y', 0],
    ] as const) {
      const child = onTerminal([...args], site);
      const run = finish(child);
      let seen = '';
      child.stdout!.on('data', (d: Buffer) => {
        seen += d.toString();
        if (seen.includes('[y/N] ') && !child.stdin!.writableEnded) child.stdin!.end(`${answer}\r`);
      });
      const r = await run;
      expect(r.stdout).toContain(
        'deploy.yml looks like it contains credentials (GitHub token on line 2). Publish it as a public paste anyway? [y/N] ',
      );
      expect(r.code).toBe(code);
    }
    // The edit went in only after the yes.
    expect((await cli(['revisions', edited])).stdout.trimEnd().split('\n')).toHaveLength(2);
  });
});

describe('the package', () => {
  it('npm pack gives a tarball that npm install -g installs and that runs', async () => {
    const out = tempDir('pasteshare-cli-pack-');
    const npm = (args: string[], cwd: string) =>
      spawnSync('npm', args, {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, npm_config_update_notifier: 'false' },
      });
    const pack = npm(['pack', '--pack-destination', out, '--json'], path.join(here, '..'));
    expect(pack.status, pack.stderr).toBe(0);
    const [{ filename, files }] = JSON.parse(pack.stdout) as [
      { filename: string; files: { path: string }[] },
    ];
    expect(files.map((f) => f.path).sort()).toEqual(['README.md', 'dist/pasteshare.mjs', 'package.json']);
    const install = npm(
      [
        'install',
        '-g',
        '--prefix',
        path.join(out, 'prefix'),
        '--offline',
        '--no-audit',
        '--no-fund',
        path.join(out, filename),
      ],
      out,
    );
    expect(install.status, install.stderr).toBe(0);
    const installed = spawn(path.join(out, 'prefix', 'bin', 'pasteshare'), [], {
      env: h.env(site),
      stdio: 'pipe',
    });
    installed.stdin!.end('from the installed package');
    const r = await finish(installed);
    expect(r.code).toBe(0);
    expect((await t.client().get(`/api/pastes/${idOf(r.stdout)}`)).body.content).toBe(
      'from the installed package',
    );
  });
});

describe('pasteshare config', () => {
  it('saves the site and key readable by the owner only, and refuses a key others can read', async () => {
    const saved = await cli(['config', '--url', t.baseUrl, '--key', key]);
    expect(saved.code).toBe(0);
    const file = path.join(h.home, '.config', 'pasteshare', 'config.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await cli(['config'])).stdout).toBe(`${file}\nurl: ${t.baseUrl}\nkey: set\n`);
    // Used with nothing else set.
    expect((await cli(['whoami'])).stdout).toMatch(/ \(user\) on /);

    fs.chmodSync(file, 0o644);
    expect(await cli(['whoami'])).toMatchObject({
      code: 1,
      stderr: `pasteshare: ${file} holds an API key and others may read it: run chmod 600 ${file}\n`,
    });
  });
});

/** Chunk requests the test server has answered (its request histogram). */
async function chunkRequests(app: TestApp): Promise<number> {
  const family = (await app.app.services.metrics.registry.getMetricsAsJSON()).find(
    (f) => f.name === 'http_request_duration_seconds',
  );
  return (family?.values ?? [])
    .filter(
      (v) =>
        (v as { metricName?: string }).metricName === 'http_request_duration_seconds_count' &&
        v.labels.route === '/api/pastes/upload/chunk',
    )
    .reduce((n, v) => n + v.value, 0);
}

const writtenChunks = async (app: TestApp) =>
  (
    await app.db.kysely
      .selectFrom('upload_chunks')
      .select('chunk_index')
      .where('state', '=', 'written')
      .execute()
  ).length;

describe('large files (chunked upload)', () => {
  it('150 MB killed after its first chunk: the rerun sends only the chunks the server lacks', async () => {
    // An account of its own: an API key's 120 requests a minute are its account's, and the file's
    // other tests may have spent them in the same minute.
    const { client } = await signedIn(t);
    const ownKey = (await client.post('/api/user/regenerate-api-key')).body.apiKey as string;
    const file = path.join(tempDir(), 'build.log');
    const data = textOfSize(150 * 1024 * 1024, 5);
    fs.writeFileSync(file, data);
    // A slow uplink (40 MB/s), so the first run can be killed between chunks.
    const proxy = await startTcpProxy('127.0.0.1', Number(new URL(t.baseUrl).port), {
      uplinkBytesPerSecond: 40 * 1024 * 1024,
    });
    const slowSite = { PASTESHARE_URL: `http://127.0.0.1:${proxy.port}`, PASTESHARE_API_KEY: ownKey };
    try {
      const first = start([file, '--chunk-size', '10M'], slowSite);
      const firstRun = finish(first);
      await waitUntil('the server to write the first chunk', async () => (await writtenChunks(t)) >= 1, {
        intervalMs: 20,
      });
      first.kill('SIGKILL');
      expect((await firstRun).code).toBe(null);
      // The server notices the cut-off chunk (if one was on its way) and forgets it.
      await new Promise((r) => setTimeout(r, 500));
      const received = await writtenChunks(t);
      expect(received).toBeGreaterThanOrEqual(1);
      expect(received).toBeLessThan(15);

      const before = await chunkRequests(t);
      const second = await cli([file, '--chunk-size', '10M', '--json'], slowSite);
      expect(second.stderr).toBe('');
      expect(second.code).toBe(0);
      const answer = JSON.parse(second.stdout);
      expect(answer).toMatchObject({ resumed: true, chunksSent: 15 - received, sha256: sha256(data) });
      expect((await chunkRequests(t)) - before).toBe(15 - received);

      const download = await fetch(`${t.baseUrl}/api/pastes/${answer.id}/download`);
      expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(data));
      expect((await t.client().get(`/api/pastes/${answer.id}`)).body.title).toBe('build.log');
      // Done: the state file is gone, so the same file again is a new paste.
      expect(fs.readdirSync(path.join(h.home, '.local', 'state', 'pasteshare', 'uploads'))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('needs an account for files over 50 MB: the site says so', async () => {
    const file = path.join(tempDir(), 'big.txt');
    fs.writeFileSync(file, textOfSize(51 * 1024 * 1024));
    expect(await cli([file, '--url', t.baseUrl])).toMatchObject({
      code: 2,
      stderr: 'pasteshare: 401: You need to create an account or login to upload large files\n',
    });
  });

  it('uploads to a site that keeps its files in S3 (Swift)', async () => {
    const s3 = await startS3Server();
    const o = s3.options(await s3.bucket());
    const onS3 = await startTestApp({
      env: {
        S3_BUCKET: o.bucket,
        S3_ENDPOINT: o.endpoint!,
        S3_ACCESS_KEY_ID: o.accessKeyId!,
        S3_SECRET_ACCESS_KEY: o.secretAccessKey!,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      await completeSetup(onS3);
      const { client } = await signedIn(onS3);
      const s3Key = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
      const file = path.join(tempDir(), 'on-s3.log');
      const data = textOfSize(52 * 1024 * 1024, 9);
      fs.writeFileSync(file, data);
      const r = await cli([file, '--chunk-size', '5M', '--json'], {
        PASTESHARE_URL: onS3.baseUrl,
        PASTESHARE_API_KEY: s3Key,
      });
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ resumed: false, chunksSent: 11, sha256: sha256(data) });
      const back = await cli(['get', JSON.parse(r.stdout).url]);
      expect(sha256(back.stdoutBytes)).toBe(sha256(data));
    } finally {
      await onS3.close();
      await s3.stop();
    }
  });
});
