import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Where SQL may live, checked rather than remembered: query-builder calls and raw SQL only in
 * `*.repository.ts` and `src/server/db/`; each repository writes only its own module's tables and
 * reads another module's only where listed below, with the reason. (The import side of the same
 * rule, no value import of Kysely outside them, is in .dependency-cruiser.cjs.)
 */

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'src/server');

/** The tables each module owns: only its repositories write them. */
const OWNED: Record<string, readonly string[]> = {
  audit: ['audit_log'],
  auth: ['sessions', 'email_tokens'],
  bans: ['bans'],
  collections: ['collections', 'collection_pastes', 'collection_shares'],
  backup: ['scheduled_backups'],
  identity: [
    'identity_links',
    'identity_flows',
    'totp_factors',
    'recovery_codes',
    'second_factor_challenges',
    'passkeys',
    'passkey_challenges',
  ],
  moderation: ['reports', 'deletion_requests', 'account_notices'],
  pastes: ['pastes', 'burned_pastes', 'paste_tags'],
  revisions: ['paste_revisions', 'paste_revision_contents'],
  safety: ['safety_rules', 'safety_hits', 'safety_outcomes'],
  search: ['paste_search', 'paste_search_fts'],
  settings: ['settings'],
  teams: ['teams', 'team_members', 'paste_shares'],
  uploads: ['upload_sessions', 'upload_chunks'],
  malware: ['malware_scans'],
  users: ['users', 'access_tokens'],
  vip: ['vip_licenses'],
};

/** Another module's tables a repository may touch, and why. Anything new here is a decision. */
const ALLOWED: Record<string, { reads?: readonly string[]; writes?: readonly string[]; why: string }> = {
  'backup/backup.repository.ts': {
    reads: Object.values(OWNED).flat(),
    writes: Object.values(OWNED).flat(),
    why: 'a backup is every table, exported from one snapshot and imported all or nothing',
  },
  'auth/sessions.repository.ts': {
    reads: ['users'],
    why: 'a session is looked up with its account in one read',
  },
  'collections/collections.repository.ts': {
    reads: ['users', 'teams', 'team_members'],
    why: 'a collection names its owner, and who may open it is their team and whom it names',
  },
  'bans/bans.repository.ts': { reads: ['users'], why: 'the Bans tab names the suspended account' },
  'pastes/author-pastes.repository.ts': { reads: ['users'], why: 'an author is found by name' },
  'search/search-index.repository.ts': {
    reads: ['pastes'],
    why: 'pastes made before the index existed are found and indexed in the background',
  },
  'search/search.repository.ts': {
    reads: ['pastes', 'paste_tags', 'paste_shares', 'team_members', 'teams', 'users'],
    why: 'one query ranks, filters and applies the reader’s rule (maySearchPaste) in SQL',
  },
  'moderation/reports.repository.ts': { reads: ['users'], why: 'cards name the reporter' },
  'moderation/deletion-requests.repository.ts': { reads: ['users'], why: 'cards name the requester' },
  'pastes/paste-listings.repository.ts': { reads: ['users'], why: 'lists name the author' },
  'pastes/live-paste.repository.ts': { reads: ['users'], why: 'a read names the author' },
  'pastes/held-pastes.repository.ts': { reads: ['users'], why: 'the Held queue names the author' },
  'pastes/ranking.repository.ts': { reads: ['users'], why: 'the leaderboard names the author' },
  'pastes/paste-revision-cleanup.repository.ts': {
    reads: ['paste_revision_contents'],
    writes: ['paste_revisions', 'paste_revision_contents'],
    why: 'a paste and its revisions are one aggregate: deleting the paste deletes them in its transaction',
  },
  'revisions/revisions.repository.ts': {
    reads: ['pastes'],
    writes: ['pastes'],
    why: 'an edit writes the newest revision onto the paste row in the same transaction',
  },
  'teams/shares.repository.ts': {
    reads: ['pastes', 'users'],
    why: 'shared-with-me lists the pastes and names',
  },
  'teams/teams.repository.ts': { reads: ['users'], why: 'members are listed by name' },
  'vip/vip.repository.ts': { reads: ['users'], why: 'the licence list names who used each key' },
};

/** A query-builder call or raw SQL. */
const SQL_CALL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const rel = (file: string) => path.relative(serverDir, file).split(path.sep).join('/');
const sources = filesUnder(serverDir);

/** The tables a file reads and writes, by literal table name. */
function tablesOf(source: string): { reads: Set<string>; writes: Set<string> } {
  const reads = new Set<string>();
  const writes = new Set<string>();
  for (const m of source.matchAll(/\.(insertInto|updateTable|deleteFrom|replaceInto)\(\s*['"]([a-z_]+)/g))
    writes.add(m[2]!);
  for (const m of source.matchAll(/\.(selectFrom|[a-zA-Z]*[jJ]oin)\(\s*['"]([a-z_]+)/g)) reads.add(m[2]!);
  for (const m of source.matchAll(/\bsql(?:<[^>]*>)?`([^`]*)`/g)) {
    // `on conflict … do update set` names no table.
    for (const w of m[1]!.matchAll(/\b(update|into|delete\s+from)\s+(?!set\b)([a-z_]+)/gi)) writes.add(w[2]!);
    for (const r of m[1]!.matchAll(/\b(from|join)\s+([a-z_]+)/gi)) reads.add(r[2]!);
  }
  return { reads, writes };
}

describe('SQL placement', () => {
  it('has query-builder calls and raw SQL only in repositories and src/server/db/', () => {
    const outside = sources
      .filter((f) => !f.endsWith('.repository.ts') && !rel(f).startsWith('db/'))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            SQL_CALL.test(line) ? [`src/server/${rel(f)}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(sources.length).toBeGreaterThan(100);
    expect(outside).toEqual([]);
  });

  it('keeps each repository to its own module’s tables, but for the listed exceptions', () => {
    const repositories = sources.filter((f) => f.endsWith('.repository.ts'));
    expect(repositories.length).toBeGreaterThan(15);
    const known = new Set(Object.values(OWNED).flat());
    const breaches: string[] = [];
    for (const file of repositories) {
      const name = rel(file).replace(/^modules\//, '');
      const module = name.split('/')[0]!;
      const own = new Set(OWNED[module] ?? []);
      const allowed = ALLOWED[name];
      const { reads, writes } = tablesOf(fs.readFileSync(file, 'utf8'));
      for (const t of writes) {
        if (!known.has(t)) breaches.push(`${name} writes ${t}, a table no module owns (add it to OWNED)`);
        else if (!own.has(t) && !allowed?.writes?.includes(t)) breaches.push(`${name} writes ${t}`);
      }
      for (const t of reads) {
        if (!known.has(t)) breaches.push(`${name} reads ${t}, a table no module owns (add it to OWNED)`);
        else if (!own.has(t) && !allowed?.reads?.includes(t)) breaches.push(`${name} reads ${t}`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('finds a planted breach: a service with a query, a repository writing another module’s table', () => {
    expect(SQL_CALL.test("await db.selectFrom('pastes').selectAll().execute();")).toBe(true);
    expect(SQL_CALL.test('await sql`select 1`.execute(db);')).toBe(true);
    expect(tablesOf("await db.updateTable('users').set({ role: 'vip' })").writes).toEqual(new Set(['users']));
    expect(tablesOf('await sql`update pastes set view_count = 1`.execute(db)').writes).toEqual(
      new Set(['pastes']),
    );
  });
});
