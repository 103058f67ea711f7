import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/helpers/ports.js';
import { completeSetup, signedIn, startTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { cliHarness, idOf } from './harness.js';

const h = cliHarness();

let t: TestApp;
const keys = { user: '', admin: '' };
const names = { user: '', admin: '' };
beforeAll(async () => {
  t = await startTestApp();
  await completeSetup(t);
  for (const role of ['user', 'admin'] as const) {
    const { user, client } = await signedIn(t, role);
    names[role] = user.username;
    keys[role] = (await client.post('/api/user/regenerate-api-key')).body.apiKey;
  }
});
afterAll(() => t?.close());

const as = (role: 'user' | 'admin') => ({ PASTESHARE_URL: t.baseUrl, PASTESHARE_API_KEY: keys[role] });

describe('pasteshare config checks what it saves', () => {
  it('says who the key signs in as, or warns why it cannot tell; it saves either way', async () => {
    expect(await h.cli(['config', '--url', t.baseUrl, '--key', keys.admin])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(
          `^saved in \\S+config\\.json; signed in as ${names.admin} \\(admin\\) on ${t.baseUrl}\\n$`,
        ),
      ),
      stderr: '',
    });
    expect(await h.cli(['config', '--key', 'pb_not-a-key'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^saved in \S+config\.json\n$/),
      stderr:
        'pasteshare: warning: 401: the API key was not accepted (check --key, PASTESHARE_API_KEY or the config file)\n',
    });
    expect((await h.cli(['config'])).stdout).toContain('key: set\n');

    const closed = await freePort();
    expect((await h.cli(['config', '--url', `http://127.0.0.1:${closed}`])).stderr).toBe(
      `pasteshare: warning: could not connect to 127.0.0.1:${closed} (connection refused)\n`,
    );
    const notOurs = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi'),
    );
    await new Promise<void>((r) => notOurs.listen(0, '127.0.0.1', r));
    const other = `http://127.0.0.1:${(notOurs.address() as AddressInfo).port}`;
    try {
      expect((await h.cli(['config', '--url', other])).stderr).toBe(
        `pasteshare: warning: 200: ${other} did not answer as a pasteshare site (not JSON)\n`,
      );
    } finally {
      notOurs.close();
    }
    // Without a key: the site is checked, pastes are a visitor's.
    expect((await h.cli(['config', '--url', t.baseUrl, '--key', ''])).stdout).toMatch(
      new RegExp(`; ${t.baseUrl} answers; no API key: pastes are made as a visitor\\n$`),
    );
  });
});

describe('pasteshare rm', () => {
  it("deletes with an admin's key, as the admin's Delete does; an author's key files a request", async () => {
    const mine = (await h.cli([], as('user'), 'mine\n')).stdout.trim();
    expect(await h.cli(['rm', mine], as('admin'))).toMatchObject({
      code: 0,
      stdout: `Deleted ${idOf(mine)}.\n`,
    });
    expect((await t.client().get(`/api/pastes/${idOf(mine)}`)).status).toBe(404);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'paste.delete')
      .execute();
    expect(audit.map((a) => a.target_id)).toContain(idOf(mine));

    const other = (await h.cli([], as('user'), 'posted by mistake\n')).stdout.trim();
    expect(await h.cli(['rm', other], as('user'))).toMatchObject({
      code: 1,
      stderr: 'pasteshare: rm needs --reason TEXT: the moderators read it\n',
    });
    expect(await h.cli(['rm', other, '--reason', 'wrong file'], as('user'))).toMatchObject({
      code: 0,
      stdout: `Deletion of ${idOf(other)} requested: a moderator will decide.\n`,
    });
    expect((await t.client().get(`/api/pastes/${idOf(other)}`)).status).toBe(200);
  });
});

describe('pasteshare ls', () => {
  it('shows small sizes in B and KB, "1 view", and its columns line up', async () => {
    const env = as('user');
    const tiny = (await h.cli(['--title', 'tiny'], env, 'x'.repeat(11))).stdout.trim();
    const kb = (await h.cli(['--title', 'two kilobytes', '--unlisted'], env, 'y'.repeat(2048))).stdout.trim();
    await t.client().get(`/api/pastes/${idOf(tiny)}`);
    await t.app.services.views.flush();
    const ls = await h.cli(['ls'], env);
    expect(ls.code).toBe(0);
    const rows = ls.stdout.trimEnd().split('\n');
    const row = (id: string) => rows.find((r) => r.startsWith(id))!;
    expect(row(idOf(tiny))).toMatch(/ public +1 view +11 B {2}tiny$/);
    expect(row(idOf(kb))).toMatch(/ unlisted {2}0 views {2}2\.0 KB {2}two kilobytes$/);
    // Every title starts in the same column.
    expect(new Set(rows.map((r) => r.search(/ (tiny|two kilobytes|mine|\(untitled\))$/) + 1)).size).toBe(1);
  });
});

describe('a mistyped command', () => {
  it('lists the commands instead of looking for a file of that name', async () => {
    expect(await h.cli(['lst'], as('user'))).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'pasteshare: lst is neither a command nor a file; the commands are edit, revisions, get, ls, rm, whoami, config and help (pasteshare --help)\n',
    });
    // A path is still a file that is not there.
    expect((await h.cli(['./lst'], as('user'))).stderr).toBe('pasteshare: no such file: ./lst\n');
    expect((await h.cli(['help', 'rm'])).stdout).toMatch(
      /^Usage: pasteshare rm LINK\|ID \[--reason TEXT\]\n/,
    );
  });
});
