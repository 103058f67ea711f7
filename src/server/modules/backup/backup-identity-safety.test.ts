import { afterAll, describe, expect, it } from 'vitest';
import { GITHUB_CLIENT, startFakeGithub } from '../../../../test/helpers/fake-github.js';
import { pathOf, redirectOf, startSignIn } from '../../../../test/helpers/identity.js';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { SAFETY_MESSAGES } from '../../../common/messages.js';
import { BACKUP_MESSAGES } from '../../../common/schemas/backup.js';

/**
 * Backups carry who signs in with which provider, the content rules and malware verdicts: a
 * restored site lets an account that signs in only through GitHub in again, and its rules still
 * refuse and hold. What the rules caught is history, kept through an import like the audit log.
 */
const github = await startFakeGithub();
afterAll(() => github.close());

const t = withTestApp({
  env: {
    ...github.env,
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'github',
        name: 'GitHub',
        kind: 'github',
        clientId: GITHUB_CLIENT.id,
        clientSecret: GITHUB_CLIENT.secret,
      },
    ]),
  },
});

type Doc = { tables: Record<string, Record<string, unknown>[]> } & Record<string, unknown>;

const asAdmin = () => loginClient(t, ADMIN.username, ADMIN.password);

async function exported(): Promise<Doc> {
  const res = await (await asAdmin()).get('/api/admin/database/export');
  expect(res.status).toBe(200);
  return JSON.parse(res.text);
}

const importDoc = async (doc: Doc) =>
  (await asAdmin()).post('/api/admin/database/import', undefined, {
    raw: JSON.stringify(doc),
    headers: { 'content-type': 'application/json' },
  });

/** The document without some of its tables, as a backup made before them reads. */
const without = (doc: Doc, ...tables: string[]): Doc => ({
  ...doc,
  tables: Object.fromEntries(Object.entries(doc.tables).filter(([name]) => !tables.includes(name))),
});

/** Signs in through the fake GitHub as whoever it is set to; the callback's answer. */
async function signInWithGithub(c: ReturnType<typeof t.client>) {
  const authorization = await startSignIn(c, 'github');
  const approved = await fetch(authorization, { redirect: 'manual' });
  return c.get(pathOf(approved.headers.get('location')!));
}

const rowsOf = (table: 'identity_links' | 'safety_rules' | 'malware_scans' | 'safety_hits') =>
  t.db.kysely.selectFrom(table).selectAll().execute();

const tryCreate = (content: string) =>
  t.client().post('/api/pastes', { content, privacy: 'public', expiration: '1d' });

describe('backups of linked identities', () => {
  it('restore who signs in with GitHub: an account with no other way in signs in again', async () => {
    // GitHub vouches for no address, so the account it makes can be found by its link alone.
    github.state.user = {
      id: 9001,
      login: 'sso-only',
      emails: [{ email: 'sso@users.example', primary: true, verified: false }],
    };
    const first = t.client();
    expect(redirectOf(await signInWithGithub(first)).path).toBe('/');
    const made = (await first.get('/api/user')).body;
    expect(made.username).toBe('sso-only');
    await t.app.services.settings.update({ ssoExistingAccountsOnly: true });
    const links = await rowsOf('identity_links');
    expect(links).toMatchObject([{ provider_id: 'github', subject: '9001' }]);

    const doc = await exported();
    expect(doc.tables.identity_links).toEqual(links);

    // Without its link (a backup made before links were carried) the account is shut out.
    const old = await importDoc(without(doc, 'identity_links'));
    expect(old.status, old.text).toBe(200);
    expect(old.body.counts.identity_links).toBe(0);
    const shutOut = t.client();
    expect(redirectOf(await signInWithGithub(shutOut)).params.get('signInError')).toBe('no-account');

    const restored = await importDoc(doc);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.counts.identity_links).toBe(1);
    expect(await rowsOf('identity_links')).toEqual(links);
    const again = t.client();
    expect(redirectOf(await signInWithGithub(again)).path).toBe('/');
    expect((await again.get('/api/user')).body).toMatchObject({ id: made.id, username: 'sso-only' });
    const listed = (await again.get('/api/user/identities')).body.identities;
    expect(listed).toMatchObject([{ id: 'github', linked: true }]);
  });

  it('refuses a link to an account the backup does not hold, changing nothing', async () => {
    const { user } = await signedIn(t);
    await t.db.kysely
      .insertInto('identity_links')
      .values({
        provider_id: 'github',
        subject: '77',
        user_id: user.id,
        linked_as: null,
        created_at: 1,
        last_sign_in_at: null,
      })
      .execute();
    const doc = await exported();
    const before = await rowsOf('identity_links');
    doc.tables.identity_links = [{ ...doc.tables.identity_links![0]!, user_id: 999_999 }];
    const res = await importDoc(doc);
    expect([res.status, res.body.message]).toEqual([
      400,
      `identity_links row 1: ${BACKUP_MESSAGES.rowConflict}`,
    ]);
    expect(await rowsOf('identity_links')).toEqual(before);
  });
});

describe('backups of content rules and malware verdicts', () => {
  it('restore the rules, which refuse and hold again; hits stay as history', async () => {
    const { client: manager } = await signedIn(t, 'manager');
    for (const rule of [
      { kind: 'phrase', value: 'Cheap  PILLS', action: 'refuse' },
      { kind: 'domain', value: 'https://Spam.example/x', action: 'hold' },
    ]) {
      expect((await manager.post('/api/admin/safety/rules', rule)).status).toBe(201);
    }
    const held = await createPaste(t.client(), { content: 'see https://shop.spam.example' });
    const rules = await rowsOf('safety_rules');
    const hits = await rowsOf('safety_hits');
    expect(hits).toHaveLength(1);

    const doc = await exported();
    expect(doc.tables.safety_rules).toEqual(rules);
    expect(doc.tables).not.toHaveProperty('safety_hits');

    // Without its rules (a backup made before them) the restored site refuses nothing.
    const old = await importDoc(without(doc, 'safety_rules'));
    expect(old.status, old.text).toBe(200);
    expect((await tryCreate('cheap pills')).status).toBe(201);
    const hitsAfterOld = await rowsOf('safety_hits');

    const restored = await importDoc(doc);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.counts.safety_rules).toBe(2);
    expect(await rowsOf('safety_rules')).toEqual(rules);
    expect(await rowsOf('safety_hits')).toEqual(hitsAfterOld);
    const refused = await tryCreate('buy CHEAP pills now');
    expect([refused.status, refused.body.error]).toEqual([422, 'CONTENT_REFUSED']);
    const holding = await tryCreate('again at https://spam.example');
    expect(holding.status).toBe(201);
    const reasons = await t.db.kysely
      .selectFrom('pastes')
      .select(['id', 'held_reason'])
      .where('id', 'in', [held.id, holding.body.id])
      .orderBy('id')
      .execute();
    expect(reasons.map((r) => r.held_reason)).toEqual(['rule', 'rule']);
    // Ids go on after the restored ones (PostgreSQL sequences); the import signed everyone out.
    const { client: again } = await signedIn(t, 'manager');
    const added = await again.post('/api/admin/safety/rules', {
      kind: 'phrase',
      value: 'new',
      action: 'hold',
    });
    expect(added.status, added.text).toBe(201);
  });

  it('refuses a rule the Safety tab could not have saved, changing nothing', async () => {
    await (await signedIn(t, 'manager')).client.post('/api/admin/safety/rules', {
      kind: 'phrase',
      value: 'kept',
      action: 'hold',
    });
    const doc = await exported();
    const before = await rowsOf('safety_rules');
    const rule = { id: 50, kind: 'phrase', value: 'Not  Kept', action: 'refuse', created_at: 1 };
    for (const [row, message] of [
      [rule, BACKUP_MESSAGES.ruleValueNotKept],
      [{ ...rule, kind: 'domain', value: 'not a domain' }, SAFETY_MESSAGES.domainInvalid],
    ] as const) {
      const res = await importDoc({ ...doc, tables: { ...doc.tables, safety_rules: [row] } });
      expect([res.status, res.body.message]).toEqual([400, `safety_rules row 1: value: ${message}`]);
    }
    const patterns = Array.from({ length: 51 }, (_, i) => ({
      ...rule,
      id: i + 1,
      kind: 'pattern',
      value: `p${i}+`,
    }));
    const tooMany = await importDoc({ ...doc, tables: { ...doc.tables, safety_rules: patterns } });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, SAFETY_MESSAGES.tooManyPatterns]);
    expect(await rowsOf('safety_rules')).toEqual(before);
  });

  it('carries a verdict with its paste, and refuses one whose paste the backup does not hold', async () => {
    const { id } = await createPaste(t.client(), { content: 'scanned' });
    const verdict = {
      paste_id: id,
      outcome: 'infected' as const,
      signature: 'Eicar-Test-Signature',
      scanned_bytes: 7,
      partial: 0,
      scanned_at: 1_700_000_000_000,
    };
    await t.db.kysely.insertInto('malware_scans').values(verdict).execute();
    const doc = await exported();
    expect(doc.tables.malware_scans).toEqual([verdict]);
    await t.db.kysely.deleteFrom('malware_scans').execute();
    const restored = await importDoc(doc);
    expect(restored.status, restored.text).toBe(200);
    expect(await rowsOf('malware_scans')).toEqual([verdict]);

    const orphan = await importDoc({
      ...doc,
      tables: { ...doc.tables, malware_scans: [{ ...verdict, paste_id: 'nosuchpaste' }] },
    });
    expect([orphan.status, orphan.body.message]).toEqual([
      400,
      `malware_scans row 1: ${BACKUP_MESSAGES.rowConflict}`,
    ]);
    expect(await rowsOf('malware_scans')).toEqual([verdict]);
  });
});
