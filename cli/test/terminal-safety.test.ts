import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, signedIn, startTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { cliHarness, finish, idOf } from './harness.js';

const h = cliHarness();

/**
 * What a hostile title or message would make a terminal do: write the clipboard (OSC 52), clear
 * the screen, show a link whose text hides its target (OSC 8), ring the bell, overwrite the line.
 */
const CLIPBOARD = '\x1b]52;c;cm0=\x07';
const CLEAR = '\x1b[2J';
const LINK = '\x1b]8;;https://x.example/\x1b\\ok\x1b]8;;\x1b\\';
const HOSTILE = `${CLIPBOARD}${CLEAR}${LINK}\rfake\x9b31m`;
/** The same, as the CLI shows it: every control character a visible symbol. */
const SHOWN = '␛]52;c;cm0=␇␛[2J␛]8;;https://x.example/␛\\ok␛]8;;␛\\␍fake\ufffd31m';

/** Any C0 control but LF, DEL, or any C1 control. */
const RAW_CONTROL = /(?!\n)\p{Cc}/u;

let t: TestApp;
let site: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  await completeSetup(t);
  const { client } = await signedIn(t);
  site = {
    PASTESHARE_URL: t.baseUrl,
    PASTESHARE_API_KEY: (await client.post('/api/user/regenerate-api-key')).body.apiKey,
  };
});
afterAll(() => t?.close());

describe("a site's text on a terminal", () => {
  it('ls and revisions show a hostile title as visible symbols; --json keeps it as the site sent it', async () => {
    const link = (await h.cli(['--title', HOSTILE], site, 'text\n')).stdout.trim();
    expect((await t.client().get(`/api/pastes/${idOf(link)}`)).body.title).toBe(HOSTILE);

    const ls = await h.cli(['ls'], site);
    expect(ls.code).toBe(0);
    expect(ls.stdout).toContain(`  ${SHOWN}\n`);
    expect(ls.stdout).not.toMatch(RAW_CONTROL);
    const revisions = await h.cli(['revisions', link]);
    expect(revisions.stdout).toContain(`  ${SHOWN}\n`);
    expect(revisions.stdout).not.toMatch(RAW_CONTROL);

    expect(JSON.parse((await h.cli(['ls', '--json'], site)).stdout).pastes[0].title).toBe(HOSTILE);
    expect(JSON.parse((await h.cli(['revisions', link, '--json'])).stdout).revisions[0].title).toBe(HOSTILE);
  });

  it("get prints a paste's bytes exactly into a pipe, and as safe text at a terminal", async () => {
    const text = `line one\r\n${CLIPBOARD}${CLEAR}tab\there\nend`;
    const link = (await h.cli(['--unlisted'], site, text)).stdout.trim();
    const piped = await h.cli(['get', link]);
    expect(piped.stdoutBytes.equals(Buffer.from(text))).toBe(true);
    // `script` relays what the CLI wrote to its terminal (the terminal turns each LF into CR LF).
    const shown = await finish(h.onTerminal(['get', link], {}));
    expect(shown.code).toBe(0);
    expect(shown.stdout.replace(/\r*\n/g, '\n')).toBe('line one\n␛]52;c;cm0=␇␛[2Jtab\there\nend');
  });

  it('whoami and error messages from a site show its control characters as symbols', async () => {
    const hostile = http.createServer((req, res) => {
      res.writeHead(req.url === '/api/user' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        req.url === '/api/user'
          ? JSON.stringify({ username: `admin${HOSTILE}`, role: 'admin' })
          : JSON.stringify({ error: 'NOT_FOUND', message: `Paste not found${HOSTILE}` }),
      );
    });
    await new Promise<void>((r) => hostile.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    try {
      const who = await h.cli(['whoami', '--url', url, '--key', 'pb_x']);
      expect(who.stdout).toBe(`admin${SHOWN} (admin) on ${url}\n`);
      expect(
        JSON.parse((await h.cli(['whoami', '--json', '--url', url, '--key', 'pb_x'])).stdout).user.username,
      ).toBe(`admin${HOSTILE}`);
      const failed = await h.cli(['get', `${url}/paste/abcdefabcdef`]);
      expect(failed).toMatchObject({ code: 2, stderr: `pasteshare: 404: Paste not found${SHOWN}\n` });
    } finally {
      hostile.close();
    }
  });
});
