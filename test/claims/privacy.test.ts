import { describe, expect, it } from 'vitest';
import { createUser, loginClient, signedIn } from '../helpers/test-app.js';
import { tableColumns } from '../helpers/test-db.js';
import { AUDIT_DAYS, withClaimsSite } from './claims-site.js';

/** What the Privacy page says is kept, who may read what, and what a user may change, against the server. */
const site = withClaimsSite();

/** The page's statements: list items and sentences, in lower case. */
const statements = () =>
  site.pages.privacy
    .toLowerCase()
    .split(/\n|\.(?=\s)/)
    .map((s) => s.trim());

/**
 * What a column holding an address is about, as a word's stem: `registration_ip` "regist"
 * (registered, registration), `reporter_ip` "report", `audit_log.ip` "audit log".
 */
function subjectOf(table: string, column: string): string {
  if (column === 'ip') return table.replace(/_/g, ' ');
  return column.replace(/_ip$/, '').replace(/(ration|er)$/, '');
}

/** A network address, not an email address. */
const NETWORK_ADDRESS = /(?<!email )address/;

const KEPT_FOR = /\d+ days|\d+ hours?|an hour|until|not deleted|as long as/;

describe('the Privacy page', () => {
  it('names every stored address, with how long it is kept', async () => {
    // This suite's own schema only: Kysely's introspection reads every schema on PostgreSQL, and
    // other suites create and drop theirs meanwhile.
    const tables = await tableColumns(site.t.db);
    const stored = [...tables].flatMap(([table, columns]) =>
      columns.filter((c) => /^(.+_)?ip$/.test(c)).map((c) => subjectOf(table, c)),
    );
    expect(stored.length).toBeGreaterThanOrEqual(3);
    for (const subject of stored) {
      const said = statements().find((s) => s.includes(subject) && NETWORK_ADDRESS.test(s));
      expect(said, `an address kept with the ${subject}`).toBeDefined();
      expect(said, `how long the ${subject}'s address is kept`).toMatch(KEPT_FOR);
    }
  });

  it('states the audit log’s retention as this site has it set', () => {
    const said = statements().find((s) => s.includes('audit log') && s.includes('address'));
    expect(said ?? 'no statement of the audit log').toContain(`${AUDIT_DAYS} days`);
  });

  it('names the request log, where the server writes each client’s address', async () => {
    await site.t.client().get('/api/settings/public');
    expect(site.logLines.some((line) => JSON.parse(line).req?.remoteAddress === '127.0.0.1')).toBe(true);
    expect(statements().some((s) => s.includes('request log') && s.includes('address'))).toBe(true);
  });

  it('says staff can open any password-protected paste, as they can', async () => {
    const author = await signedIn(site.t);
    const { id } = (
      await author.client.post('/api/pastes', {
        content: 'not reported by anyone',
        privacy: 'password',
        password: 'pw-123456',
        expiration: '1d',
      })
    ).body;
    const manager = await signedIn(site.t, 'manager');
    const read = await manager.client.get(`/api/pastes/${id}`);
    expect(read.body).toMatchObject({ content: 'not reported by anyone', staffAccess: true });
    const said = statements().find((s) => s.includes('password-protected') && s.includes('managers'));
    expect(said).toMatch(/\bany password-protected paste\b/);
  });

  it('lets every account change its email in Account Settings, as it says', async () => {
    expect(site.pages.privacy).toMatch(/change your email address[^.]*in Account Settings/);
    const settings = (await site.member.get('/api/settings/public')).body;
    expect([settings.requireEmailVerification, settings.canSendMail]).toEqual([false, false]);
    const user = await createUser(site.t);
    const client = await loginClient(site.t, user.username, user.plainPassword);
    const res = await client.post('/api/user/change-email', {
      email: 'changed@example.com',
      currentPassword: user.plainPassword,
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/user')).body.email).toBe('changed@example.com');
  });
});
