import { z } from 'zod';
import {
  EXPIRATIONS,
  PRIVACIES,
  ROLES,
  SEALED_LINE_TABLE_MAX_LENGTH,
  SEALED_TITLE_MAX_LENGTH,
} from '../constants.js';
import { PASTE_LANGUAGES } from '../languages.js';

/**
 * The database backup file (GET /api/admin/database/export, POST …/import): one JSON object
 * `{ format, version, exportedAt, tables: { settings, users, pastes, reports, deletion_requests,
 * vip_licenses } }`, rows with the database's column names. A paste carries its `content`
 * whatever the size (the server stores large ones in its blob store again); an encrypted one
 * carries its sealed bytes as standard base64. Keys reporters shared are never in a backup. Every row is checked
 * strictly on import: an unknown field, a wrong type or a value out of range refuses the file.
 */
export const BACKUP_FORMAT = 'pasteshare-backup';
export const BACKUP_VERSION = 1;
/** In this order: a row may refer only to tables before it. */
export const BACKUP_TABLES = [
  'settings',
  'users',
  'pastes',
  'reports',
  'deletion_requests',
  'vip_licenses',
] as const;
export type BackupTable = (typeof BACKUP_TABLES)[number];

const id = z.number().int().positive();
const time = z.number().int().min(0);
const flag = z.union([z.literal(0), z.literal(1)]);
const text = (max: number) => z.string().max(max);
const status = z.enum(['pending', 'approved', 'rejected']);

export const BACKUP_ROW_SCHEMAS = {
  settings: z.strictObject({ key: text(100), value: text(200_000), updated_at: time }),
  users: z.strictObject({
    id,
    username: text(30),
    username_key: text(30),
    email: text(320),
    role: z.enum(ROLES),
    password_hash: text(500),
    created_at: time,
    registration_ip: text(100).nullable(),
    api_key_hash: text(200).nullable(),
    api_key_hint: text(50).nullable(),
    email_verified: flag,
    vip_activated_at: time.nullable(),
    vip_banner_url: text(2000).nullable(),
    vip_banner_link: text(2000).nullable(),
  }),
  pastes: z.strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
    title: text(200).nullable(),
    content: z.string(),
    privacy: z.enum(PRIVACIES),
    password_hash: text(500).nullable(),
    expiration: z.enum(EXPIRATIONS),
    expires_at: time.nullable(),
    burn_after_reading: flag,
    burn_claimed_at: time.nullable(),
    creator_token_hash: text(200).nullable(),
    view_count: z.number().int().min(0),
    user_id: id.nullable(),
    created_at: time,
    /** Absent in backups made before languages were stored. */
    language: z.enum(PASTE_LANGUAGES).nullable().optional().default(null),
    /**
     * End-to-end encrypted (issue 21): 1, and `content` is the standard base64 of the sealed
     * bytes. Absent in backups made before encryption.
     */
    encryption: z.literal(1).nullable().optional().default(null),
    sealed_title: text(SEALED_TITLE_MAX_LENGTH).nullable().optional().default(null),
    /**
     * An encrypted paste's line table as its creator sealed it (standard base64), kept beside the
     * content, not in a column. Absent in backups made before tables were kept.
     */
    sealed_line_table: text(SEALED_LINE_TABLE_MAX_LENGTH).nullable().optional().default(null),
  }),
  reports: z.strictObject({
    id,
    paste_id: text(32),
    paste_title: text(200).nullable(),
    reported_by: id.nullable(),
    reason: text(2000),
    status,
    created_at: time,
    reporter_ip: text(100).nullable(),
  }),
  deletion_requests: z.strictObject({
    id,
    paste_id: text(32),
    paste_title: text(200).nullable(),
    user_id: id,
    reason: text(2000),
    status,
    created_at: time,
  }),
  vip_licenses: z.strictObject({
    id,
    license_key: text(200),
    is_used: flag,
    used_by: id.nullable(),
    used_at: time.nullable(),
    created_at: time,
  }),
} as const;

export type BackupRow<T extends BackupTable> = z.infer<(typeof BACKUP_ROW_SCHEMAS)[T]>;

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
} as const;

export const importResultSchema = z.strictObject({
  success: z.literal(true),
  counts: z.record(z.string(), z.number().int().min(0)),
});
