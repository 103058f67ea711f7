import { z } from 'zod';
import { PASTE_TAGS_MAX } from '../constants.js';
import { ACCOUNT_ROWS } from './backup-account-rows.js';
import { PASTE_ROWS } from './backup-paste-rows.js';
import { SHARING_ROWS } from './backup-sharing-rows.js';
import { SITE_ROWS } from './backup-site-rows.js';

/**
 * The database backup file (GET /api/admin/database/export, POST …/import): one JSON object
 * `{ format, version, exportedAt, tables }`, `tables` holding an array of rows for each name of
 * BACKUP_SECTIONS in that order, rows with the database's column names (their schemas, by domain,
 * in backup-*-rows.ts), all read from one snapshot of the database. A paste carries its `content`
 * whatever the size (the server stores large ones in its blob store again); an encrypted one
 * carries its sealed bytes as standard base64. An edited paste's earlier revisions come in
 * `paste_revisions`, and each distinct text of them once in `paste_revision_contents` — but for
 * the newest revision's text, which is the paste's own `content`, named by `content: null`. Keys
 * reporters shared are never in a backup. Every row is checked strictly on import: an unknown
 * field, a wrong type or a value out of range refuses the file.
 *
 * The version changes only when a file of the earlier version would be read differently. Tables
 * and fields added with a default for their absence keep it: files without them import as before,
 * and an older server refuses a newer file by the names it does not know.
 */
export const BACKUP_FORMAT = 'pasteshare-backup';
export const BACKUP_VERSION = 1;
/** In this order: a row may refer only to tables before it. */
export const BACKUP_TABLES = [
  'settings',
  'users',
  'pastes',
  'paste_revisions',
  'paste_revision_contents',
  'reports',
  'deletion_requests',
  'vip_licenses',
  'teams',
  'team_members',
  'paste_shares',
  'totp_factors',
  'recovery_codes',
  'bans',
  'access_tokens',
  'passkeys',
  'paste_tags',
  'collections',
  'collection_pastes',
  'collection_shares',
  'identity_links',
  'safety_rules',
  'malware_scans',
  'safety_outcomes',
  'account_notices',
] as const;
export type BackupTable = (typeof BACKUP_TABLES)[number];
/**
 * The document's sections: the tables, then `gone_pastes` — pastes deleted while the backup was
 * being written, whose texts could no longer be read; the import leaves each out whole.
 */
export const BACKUP_SECTIONS = [...BACKUP_TABLES, 'gone_pastes'] as const;
export type BackupSection = (typeof BACKUP_SECTIONS)[number];

/** Each section's rows, by domain (backup-*-rows.ts). */
export const BACKUP_ROW_SCHEMAS = {
  ...SITE_ROWS,
  ...ACCOUNT_ROWS,
  ...PASTE_ROWS,
  ...SHARING_ROWS,
} as const satisfies Record<BackupSection, z.ZodType>;

export type BackupRow<T extends BackupSection> = z.infer<(typeof BACKUP_ROW_SCHEMAS)[T]>;

export const BACKUP_MESSAGES = {
  notABackup: 'This file is not a pasteshare backup',
  unknownTable: 'Unknown table in the backup',
  outOfOrder: 'Tables in the backup are out of order',
  tooDeep: 'it nests deeper than the format',
  tablesNotObject: '"tables" must be an object of tables',
  misplacedValue: 'a value stands where the format has none',
  nestedValue: 'nested values are not part of the format',
  unknownField: 'unknown field',
  duplicateField: 'the field appears twice',
  tooLong: (limit: number) => `longer than ${limit} characters`,
  rowConflict:
    'conflicts with another row (an id or key used twice, or a reference to a row that is not in the backup)',
  noAdmin: 'The backup has no admin account: importing it would leave nobody able to run the site',
  noSuchPaste: 'no edited paste with this id comes before it in the backup',
  noSuchRevision: 'no revision of this paste before it has this sha256',
  beyondRevisions: "does not fit the paste's revision_count (a paste never edited has no revision rows)",
  digestMismatch: 'the text does not have this sha256',
  newestIsPasteText: "the newest revision's text is the paste's own content: give it as null",
  onlyNewestIsNull: "null stands for the paste's own content, the text of its newest revision only",
  encryptedHasNoRevisions: 'an encrypted paste has no revisions',
  ruleValueNotKept:
    'not written as the rules keep it (a phrase lower-cased and single-spaced, a bare domain)',
  tooManyTags: (pasteId: string) => `Paste ${pasteId} has more than ${PASTE_TAGS_MAX} tags in the backup`,
  historyGap: (pasteId: string, missing: 'revisions' | 'text') =>
    missing === 'revisions'
      ? `Paste ${pasteId} is edited but the backup lacks some of its revisions`
      : `A revision of paste ${pasteId} has no text in the backup`,
} as const;

export const importResultSchema = z.strictObject({
  success: z.literal(true),
  counts: z.record(z.string(), z.number().int().min(0)),
});
