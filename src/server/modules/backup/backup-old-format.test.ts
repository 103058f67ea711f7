import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import { ADMIN, loginClient, withTestApp } from '../../../../test/helpers/test-app.js';
import { TestClock } from '../../../../test/helpers/test-clock.js';

/**
 * A backup written before revisions, edit times and forks were kept (test/fixtures, exported by
 * that version of the server) still imports: every row as the file has it, each paste its own
 * only revision.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../../../../test/fixtures/backup-format-1.json');
const raw = fs.readFileSync(FIXTURE, 'utf8');
const file = JSON.parse(raw) as { exportedAt: string; tables: Record<string, Record<string, unknown>[]> };
const t = withTestApp({ clock: new TestClock(Date.parse(file.exportedAt)) });

const rowsOf = (table: 'users' | 'reports' | 'deletion_requests' | 'vip_licenses') =>
  t.db.kysely.selectFrom(table).selectAll().orderBy('id').execute();

it('imports a backup of the format before revisions, every row as the file has it', async () => {
  const admin = await loginClient(t, ADMIN.username, ADMIN.password);
  const res = await admin.post('/api/admin/database/import', undefined, {
    raw,
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.counts).toEqual({
    account_notices: 0,
    safety_outcomes: 0,
    settings: 2,
    users: 2,
    pastes: 7,
    paste_revisions: 0,
    paste_revision_contents: 0,
    reports: 1,
    deletion_requests: 1,
    vip_licenses: 1,
    // Made before second factors: none to restore.
    totp_factors: 0,
    recovery_codes: 0,
    // Made before access tokens.
    access_tokens: 0,
    // Made before passkeys.
    passkeys: 0,
    // Made before teams: none to restore.
    teams: 0,
    team_members: 0,
    paste_shares: 0,
    // Made before bans: none to restore.
    bans: 0,
    // Made before tags: none to restore.
    paste_tags: 0,
    // Made before collections.
    collections: 0,
    collection_pastes: 0,
    collection_shares: 0,
    // Made before sign-in providers, content rules and malware scanning.
    identity_links: 0,
    safety_rules: 0,
    malware_scans: 0,
    gone_pastes: 0,
  });
  for (const table of ['users', 'reports', 'deletion_requests', 'vip_licenses'] as const) {
    // A report's shared key is never in a file: none after an import. Decisions made before they
    // were timed have no time, and reports made before visitors could leave an address have none.
    const extra =
      table === 'reports'
        ? { shared_key_sealed: null, decided_at: null, reporter_email: null }
        : table === 'deletion_requests'
          ? { decided_at: null }
          : {};
    expect(await rowsOf(table), table).toEqual(file.tables[table]!.map((r) => ({ ...r, ...extra })));
  }
  for (const pasted of file.tables.pastes!) {
    const { content, sealed_line_table: _table, ...columns } = pasted;
    const row = await t.db.kysely
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', pasted.id as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...columns, revision_count: 1, edited_at: null, forked_from: null });
    const stored =
      row.content !== null
        ? Buffer.from(row.content)
        : await buffer(await t.app.services.blobs.get(row.blob_key!));
    // Encrypted pastes carry their sealed bytes as base64 in the file.
    expect(stored.toString(row.encryption === null ? 'utf8' : 'base64')).toBe(content);
  }

  // The file's accounts sign in; its pastes read as before, each its own only revision.
  const restoredAdmin = await loginClient(t, ADMIN.username, ADMIN.password);
  const plain = file.tables.pastes!.find((p) => p.title === 'Plain ✓')!;
  const view = await restoredAdmin.get(`/api/pastes/${plain.id}`);
  expect(view.body).toMatchObject({ content: plain.content, revision: 1, editedAt: null });
  const revisions = await t.client().get(`/api/pastes/${plain.id}/revisions`);
  expect(revisions.body.revisions).toEqual([expect.objectContaining({ number: 1 })]);
  // Made before search: the import indexes its pastes, so they are found at once.
  const word = /\p{L}{4,}/u.exec(plain.content as string)![0];
  const found = await restoredAdmin.get(`/api/search?q=${encodeURIComponent(word)}`);
  expect(found.body.results.map((r: { id: string }) => r.id)).toContain(plain.id);
});
