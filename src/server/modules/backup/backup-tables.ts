import type { BackupTable } from '../../../common/schemas/backup.js';
import { PASSED_TEST_KEYS, SERVER_SECRET_KEY, SETUP_COMPLETED_KEY } from '../settings/settings.defaults.js';

// What a backup carries of each table: its columns, its key, and the settings it never carries.

/**
 * Settings that belong to this installation, never to a backup: its secret, the tests its admin
 * passed, and whether its setup is done (an import must never reopen first-run setup).
 */
export const LOCAL_SETTINGS = [SERVER_SECRET_KEY, ...Object.values(PASSED_TEST_KEYS), SETUP_COMPLETED_KEY];

export const isLocalSetting = (key: unknown): boolean => LOCAL_SETTINGS.includes(key as string);

export const COLUMNS = {
  settings: ['key', 'value', 'updated_at'],
  users: [
    'id',
    'username',
    'username_key',
    'email',
    'role',
    'password_hash',
    'created_at',
    'registration_ip',
    'api_key_hash',
    'api_key_hint',
    'email_verified',
    'vip_activated_at',
    'vip_banner_url',
    'vip_banner_link',
  ],
  pastes: [
    'id',
    'title',
    'content',
    'blob_key',
    'privacy',
    'password_hash',
    'expiration',
    'expires_at',
    'burn_after_reading',
    'burn_claimed_at',
    'creator_token_hash',
    'view_count',
    'user_id',
    'created_at',
    'language',
    'encryption',
    'sealed_title',
    'revision_count',
    'edited_at',
    'forked_from',
    'held_reason',
    'held_at',
    'creator_ip',
    'files',
  ],
  paste_revisions: [
    'paste_id',
    'number',
    'title',
    'language',
    'sha256',
    'size_bytes',
    'lines_added',
    'lines_removed',
    'created_at',
    'files',
  ],
  // Read by readRevisionContentPage (its text is streamed, or named as the paste's own).
  paste_revision_contents: ['paste_id', 'sha256'],
  reports: [
    'id',
    'paste_id',
    'paste_title',
    'reported_by',
    'reason',
    'status',
    'created_at',
    'reporter_ip',
    'decided_at',
  ],
  deletion_requests: [
    'id',
    'paste_id',
    'paste_title',
    'user_id',
    'reason',
    'status',
    'created_at',
    'decided_at',
  ],
  vip_licenses: ['id', 'license_key', 'is_used', 'used_by', 'used_at', 'created_at'],
  teams: ['id', 'slug', 'name', 'description', 'created_at'],
  team_members: ['team_id', 'user_id', 'role', 'added_at', 'source'],
  paste_shares: ['id', 'paste_id', 'user_id', 'team_id', 'added_by', 'added_at'],
  // Second factors go with their accounts: a restore must not turn them off. Sign-ins waiting for
  // a code are not carried, like sessions.
  totp_factors: ['user_id', 'secret', 'created_at', 'confirmed_at', 'last_step'],
  recovery_codes: ['code_hash', 'user_id', 'used_at'],
  bans: ['id', 'kind', 'user_id', 'ip', 'reason', 'hide_pastes', 'created_by', 'created_at', 'expires_at'],
  // Access tokens go with their accounts, by hash, as the API key does.
  access_tokens: [
    'id',
    'user_id',
    'name',
    'token_hash',
    'hint',
    'scopes',
    'created_at',
    'expires_at',
    'last_used_at',
  ],
  // Passkeys go with their accounts; ceremonies waiting for an answer are not carried.
  passkeys: [
    'id',
    'user_id',
    'credential_id',
    'public_key',
    'counter',
    'transports',
    'user_handle',
    'name',
    'created_at',
    'last_used_at',
  ],
  paste_tags: ['paste_id', 'tag'],
  collections: [
    'id',
    'name',
    'description',
    'privacy',
    'user_id',
    'team_id',
    'created_by',
    'created_at',
    'updated_at',
  ],
  collection_pastes: ['collection_id', 'paste_id', 'position', 'added_by', 'added_at'],
  collection_shares: ['id', 'collection_id', 'user_id', 'team_id', 'added_by', 'added_at'],
  // Linked identities go with their accounts; sign-ins waiting for the provider's callback are not
  // carried, like sessions.
  identity_links: ['provider_id', 'subject', 'user_id', 'linked_as', 'created_at', 'last_sign_in_at'],
  // The rules are the site's; what they caught (safety_hits) is history, kept as the audit log is.
  safety_rules: ['id', 'kind', 'value', 'action', 'created_at'],
  // Verdicts go with the pastes the backup carries.
  malware_scans: ['paste_id', 'outcome', 'signature', 'scanned_bytes', 'partial', 'scanned_at'],
} as const;

/** Each table's key, in the order rows are read and written (one column, or two). */
export const KEY_OF: Record<BackupTable, readonly string[]> = {
  settings: ['key'],
  users: ['id'],
  pastes: ['id'],
  paste_revisions: ['paste_id', 'number'],
  paste_revision_contents: ['paste_id', 'sha256'],
  reports: ['id'],
  deletion_requests: ['id'],
  vip_licenses: ['id'],
  teams: ['id'],
  team_members: ['team_id', 'user_id'],
  paste_shares: ['id'],
  totp_factors: ['user_id'],
  recovery_codes: ['code_hash'],
  bans: ['id'],
  access_tokens: ['id'],
  passkeys: ['id'],
  paste_tags: ['paste_id', 'tag'],
  collections: ['id'],
  collection_pastes: ['collection_id', 'paste_id'],
  collection_shares: ['id'],
  identity_links: ['provider_id', 'subject'],
  safety_rules: ['id'],
  malware_scans: ['paste_id'],
};

/** Where the next page starts: the key of the last row read (null: from the first). */
export type PageKey = unknown[] | null;

export const pageKeyOf = (table: BackupTable, row: Record<string, unknown>): unknown[] =>
  KEY_OF[table].map((column) => row[column]);
