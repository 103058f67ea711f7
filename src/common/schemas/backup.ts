import { z } from 'zod';
import {
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  BAN_KINDS,
  BAN_REASON_MAX_LENGTH,
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  COLLECTION_PRIVACIES,
  EXPIRATIONS,
  HOLD_REASONS,
  PASSKEY_NAME_MAX_LENGTH,
  PASTE_TAGS_MAX,
  PRIVACIES,
  ROLES,
  SEALED_LINE_TABLE_MAX_LENGTH,
  SEALED_TITLE_MAX_LENGTH,
  TAG_PATTERN,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TEAM_ROLES,
  TEAM_SLUG_MAX_LENGTH,
  TOKEN_SCOPES,
} from '../constants.js';
import { PASTE_LANGUAGES } from '../languages.js';

/**
 * The database backup file (GET /api/admin/database/export, POST …/import): one JSON object
 * `{ format, version, exportedAt, tables: { settings, users, pastes, paste_revisions,
 * paste_revision_contents, reports, deletion_requests, vip_licenses, teams, team_members,
 * paste_shares, totp_factors, recovery_codes, bans, access_tokens, passkeys, paste_tags, collections,
 * collection_pastes, collection_shares, gone_pastes } }`, rows with
 * the database's column names, all read from one snapshot of the database. A paste carries its `content` whatever the size (the server stores large ones in
 * its blob store again); an encrypted one carries its sealed bytes as standard base64. An edited
 * paste's earlier revisions come in `paste_revisions`, and each distinct text of them once in
 * `paste_revision_contents` — but for the newest revision's text, which is the paste's own
 * `content`, named by `content: null`. Keys reporters shared are never in a backup. Every row is
 * checked strictly on import: an unknown field, a wrong type or a value out of range refuses the
 * file.
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
] as const;
export type BackupTable = (typeof BACKUP_TABLES)[number];
/**
 * The document's sections: the tables, then `gone_pastes` — pastes deleted while the backup was
 * being written, whose texts could no longer be read; the import leaves each out whole.
 */
export const BACKUP_SECTIONS = [...BACKUP_TABLES, 'gone_pastes'] as const;
export type BackupSection = (typeof BACKUP_SECTIONS)[number];

const id = z.number().int().positive();
const time = z.number().int().min(0);
const flag = z.union([z.literal(0), z.literal(1)]);
const text = (max: number) => z.string().max(max);
const status = z.enum(['pending', 'approved', 'rejected']);
const pasteId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
const digest = z.string().regex(/^[0-9a-f]{64}$/);

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
    id: pasteId,
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
     * End-to-end encrypted: 1, and `content` is the standard base64 of the sealed
     * bytes. Absent in backups made before encryption.
     */
    encryption: z.literal(1).nullable().optional().default(null),
    sealed_title: text(SEALED_TITLE_MAX_LENGTH).nullable().optional().default(null),
    /**
     * An encrypted paste's line table as its creator sealed it (standard base64), kept beside the
     * content, not in a column. Absent in backups made before tables were kept.
     */
    sealed_line_table: text(SEALED_LINE_TABLE_MAX_LENGTH).nullable().optional().default(null),
    /** Revisions (1: never edited), the newest one's time, and the forked paste; absent in older backups. */
    revision_count: z.number().int().min(1).optional().default(1),
    edited_at: time.nullable().optional().default(null),
    forked_from: pasteId.nullable().optional().default(null),
    /** Held for review (Admin → Held): why and since when; absent in older backups. */
    held_reason: z.enum(HOLD_REASONS).nullable().optional().default(null),
    held_at: time.nullable().optional().default(null),
    /** The address it was created from; absent in backups made before it was kept. */
    creator_ip: text(45).nullable().optional().default(null),
  }),
  paste_revisions: z.strictObject({
    paste_id: pasteId,
    number: z.number().int().min(1),
    title: text(200).nullable(),
    language: z.enum(PASTE_LANGUAGES).nullable(),
    sha256: digest,
    size_bytes: z.number().int().min(0),
    lines_added: z.number().int().min(0),
    lines_removed: z.number().int().min(0),
    created_at: time,
  }),
  /** A revision's text, once per paste and digest; null: the paste's own (its newest revision's). */
  paste_revision_contents: z.strictObject({
    paste_id: pasteId,
    sha256: digest,
    content: z.string().nullable(),
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
  /** Teams, their members and the grants of shared pastes; absent in backups made before teams. */
  teams: z.strictObject({
    id,
    slug: z.string().regex(new RegExp(`^[a-z0-9][a-z0-9-]{1,${TEAM_SLUG_MAX_LENGTH - 1}}$`)),
    name: text(TEAM_NAME_MAX_LENGTH),
    description: text(TEAM_DESCRIPTION_MAX_LENGTH),
    created_at: time,
  }),
  team_members: z.strictObject({
    team_id: id,
    user_id: id,
    role: z.enum(TEAM_ROLES),
    added_at: time,
    // Made before provider groups could fill teams: added by hand.
    source: text(40).nullable().optional().default(null),
  }),
  /** One grant: to a user or to a team, never both. */
  paste_shares: z
    .strictObject({
      id,
      paste_id: pasteId,
      user_id: id.nullable(),
      team_id: id.nullable(),
      added_by: id.nullable(),
      added_at: time,
    })
    .refine((r) => (r.user_id === null) !== (r.team_id === null), 'names a user or a team, exactly one'),
  /** Absent in backups made before second factors. */
  totp_factors: z.strictObject({
    user_id: id,
    secret: z.string().regex(/^[A-Z2-7]{16,64}$/),
    created_at: time,
    confirmed_at: time.nullable(),
    last_step: z.number().int().min(0),
  }),
  recovery_codes: z.strictObject({ code_hash: digest, user_id: id, used_at: time.nullable() }),
  /** Active bans (an account's or an address's); absent in backups made before bans. */
  bans: z
    .strictObject({
      id,
      kind: z.enum(BAN_KINDS),
      user_id: id.nullable(),
      ip: text(60).nullable(),
      reason: text(BAN_REASON_MAX_LENGTH),
      hide_pastes: flag,
      created_by: text(30).nullable(),
      created_at: time,
      expires_at: time.nullable(),
    })
    .refine(
      (r) => (r.kind === 'account') === (r.user_id !== null) && (r.kind === 'address') === (r.ip !== null),
      'an account ban names a user, an address ban an address',
    ),
  /**
   * Personal access tokens, by their hash as the API key is carried; absent in backups made
   * before them.
   */
  access_tokens: z.strictObject({
    id,
    user_id: id,
    name: text(ACCESS_TOKEN_NAME_MAX_LENGTH),
    token_hash: digest,
    hint: text(20),
    scopes: z
      .string()
      .max(200)
      .refine(
        (v) => v.split(' ').every((s) => (TOKEN_SCOPES as readonly string[]).includes(s)),
        'unknown scope',
      ),
    created_at: time,
    expires_at: time.nullable(),
    last_used_at: time.nullable(),
  }),
  /**
   * Passkeys go with their accounts (public keys only: nothing here signs in); absent in backups
   * made before passkeys.
   */
  passkeys: z.strictObject({
    id,
    user_id: id,
    credential_id: z
      .string()
      .min(1)
      .max(1400)
      .regex(/^[A-Za-z0-9_-]+$/),
    public_key: z
      .string()
      .min(1)
      .max(4000)
      .regex(/^[A-Za-z0-9_-]+$/),
    counter: z.number().int().min(0).max(0xffffffff),
    transports: text(200),
    user_handle: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]*$/),
    name: text(PASSKEY_NAME_MAX_LENGTH),
    created_at: time,
    last_used_at: time.nullable(),
  }),
  /** A paste's tag; absent in backups made before tags. */
  paste_tags: z.strictObject({ paste_id: pasteId, tag: z.string().regex(TAG_PATTERN) }),
  /** Collections, their pastes in order and whom shared ones name; absent in backups made before them. */
  collections: z
    .strictObject({
      id: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/),
      name: text(COLLECTION_NAME_MAX_LENGTH),
      description: text(COLLECTION_DESCRIPTION_MAX_LENGTH),
      privacy: z.enum(COLLECTION_PRIVACIES),
      user_id: id.nullable(),
      team_id: id.nullable(),
      created_by: id.nullable(),
      created_at: time,
      updated_at: time,
    })
    .refine((r) => (r.user_id === null) !== (r.team_id === null), 'owned by a user or a team, exactly one'),
  collection_pastes: z.strictObject({
    collection_id: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/),
    paste_id: pasteId,
    position: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    added_by: id.nullable(),
    added_at: time,
  }),
  collection_shares: z
    .strictObject({
      id,
      collection_id: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/),
      user_id: id.nullable(),
      team_id: id.nullable(),
      added_by: id.nullable(),
      added_at: time,
    })
    .refine((r) => (r.user_id === null) !== (r.team_id === null), 'names a user or a team, exactly one'),
  gone_pastes: z.strictObject({ id: pasteId }),
} as const;

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
