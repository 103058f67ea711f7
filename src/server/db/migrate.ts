import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DialectName } from './dialect.js';
import * as initial from './migrations/001-initial.js';
import * as uniqueEmail from './migrations/002-unique-email.js';
import * as chunkedUploads from './migrations/003-chunked-uploads.js';
import * as burnedPastes from './migrations/004-burned-pastes.js';
import * as pasteLanguage from './migrations/005-paste-language.js';
import * as chunkWrites from './migrations/006-chunk-writes.js';
import * as auditLog from './migrations/007-audit-log.js';
import * as scheduledBackups from './migrations/008-scheduled-backups.js';
import * as uploadDigest from './migrations/009-upload-digest.js';
import * as pasteRevisions from './migrations/010-paste-revisions.js';
import * as encryptedPastes from './migrations/011-encrypted-pastes.js';
import * as auditOnce from './migrations/012-audit-once.js';
import * as identity from './migrations/013-identity.js';
import * as dropJobs from './migrations/014-drop-jobs.js';
import * as secondFactor from './migrations/015-second-factor.js';
import * as teams from './migrations/016-teams.js';
import * as safety from './migrations/017-safety.js';
import * as sessionDevices from './migrations/018-session-devices.js';
import * as accessTokens from './migrations/019-access-tokens.js';
import * as bans from './migrations/020-bans.js';
import * as search from './migrations/021-search.js';
import * as collections from './migrations/022-collections.js';
import * as malwareScan from './migrations/023-malware-scan.js';
import * as passkeys from './migrations/024-passkeys.js';
import * as teamSync from './migrations/025-team-sync.js';
import * as uploadTags from './migrations/026-upload-tags.js';
import * as decidedAt from './migrations/027-decided-at.js';
import * as pasteFiles from './migrations/028-paste-files.js';

type DialectMigration = { up(db: Kysely<any>, dialect: DialectName): Promise<void> };

/** Forward-only migrations, in order. Add new files here; never edit one that has shipped. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '001-initial': initial,
  '002-unique-email': uniqueEmail,
  '003-chunked-uploads': chunkedUploads,
  '004-burned-pastes': burnedPastes,
  '005-paste-language': pasteLanguage,
  '006-chunk-writes': chunkWrites,
  '007-audit-log': auditLog,
  '008-scheduled-backups': scheduledBackups,
  '009-upload-digest': uploadDigest,
  '010-paste-revisions': pasteRevisions,
  '011-encrypted-pastes': encryptedPastes,
  '012-audit-once': auditOnce,
  '013-identity': identity,
  '014-drop-jobs': dropJobs,
  '015-second-factor': secondFactor,
  '016-teams': teams,
  '017-safety': safety,
  '018-session-devices': sessionDevices,
  '019-access-tokens': accessTokens,
  '020-bans': bans,
  '021-search': search,
  '022-collections': collections,
  '023-malware-scan': malwareScan,
  '024-passkeys': passkeys,
  '025-team-sync': teamSync,
  '026-upload-tags': uploadTags,
  '027-decided-at': decidedAt,
  '028-paste-files': pasteFiles,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [
        name,
        { up: (db: Kysely<any>) => m.up(db, this.dialect) },
      ]),
    );
  }
}

export async function migrateToLatest(
  db: Kysely<any>,
  dialect: DialectName,
  schema?: string,
): Promise<string[]> {
  // Kysely keeps its bookkeeping tables in the schema it is told (on PostgreSQL, ours).
  return runToLatest(
    new Migrator({ db, provider: new StaticProvider(dialect), migrationTableSchema: schema }),
  );
}

/** Runs `migrator` to its newest migration; returns the names of the migrations it ran. */
export async function runToLatest(migrator: Migrator): Promise<string[]> {
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
