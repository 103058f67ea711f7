import type { Generated } from 'kysely';
import type {
  BanKind,
  Expiration,
  HoldReason,
  Privacy,
  Role,
  SafetyAction,
  SafetyRuleKind,
  TeamRole,
} from '../../common/constants.js';
import type { PasteLanguage } from '../../common/languages.js';

/** A paste is `processing` while a chunked upload is assembled, `failed` if assembly gave up. */
export type PasteStatus = 'ready' | 'processing' | 'failed';
/** Receiving chunks, then (after finalize) assembling once, by whichever instance holds the lease. */
/** `done`: assembled; kept a day so a repeated finalize still answers its paste. */
export type UploadStatus = 'receiving' | 'assembling' | 'done' | 'failed';
/** Reports and deletion requests: decided once, from pending. */
export type ModerationStatus = 'pending' | 'approved' | 'rejected';
export type TokenPurpose = 'verify-email' | 'reset-password' | 'reveal-api-key';

/**
 * The database as Kysely sees it. Times are epoch milliseconds (bigint in PostgreSQL, parsed to
 * number); booleans are 0/1 integers on both dialects so one set of queries serves both.
 */
export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  pastes: PastesTable;
  paste_revisions: PasteRevisionsTable;
  paste_revision_contents: PasteRevisionContentsTable;
  burned_pastes: BurnedPastesTable;
  upload_sessions: UploadSessionsTable;
  upload_chunks: UploadChunksTable;
  reports: ReportsTable;
  deletion_requests: DeletionRequestsTable;
  vip_licenses: VipLicensesTable;
  email_tokens: EmailTokensTable;
  audit_log: AuditLogTable;
  scheduled_backups: ScheduledBackupsTable;
  identity_links: IdentityLinksTable;
  identity_flows: IdentityFlowsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  paste_shares: PasteSharesTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  second_factor_challenges: SecondFactorChallengesTable;
  safety_rules: SafetyRulesTable;
  safety_hits: SafetyHitsTable;
  bans: BansTable;
  access_tokens: AccessTokensTable;
  paste_tags: PasteTagsTable;
  paste_search: PasteSearchTable;
  malware_scans: MalwareScansTable;
}

export interface SettingsTable {
  key: string;
  /** JSON-encoded value. */
  value: string;
  updated_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive. */
  username_key: string;
  email: string;
  role: Role;
  password_hash: string;
  created_at: number;
  registration_ip: string | null;
  api_key_hash: string | null;
  /** Last characters of the API key, shown so a user can tell which key is active. */
  api_key_hint: string | null;
  email_verified: number;
  vip_activated_at: number | null;
  vip_banner_url: string | null;
  vip_banner_link: string | null;
}

export interface SessionsTable {
  /** sha256 of the cookie value; the value itself is never stored. */
  id_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** The sign-in provider the session came from (null: a local password). */
  identity_provider: string | null;
  /** The browser's User-Agent and address, as last seen (null for sessions older than these). */
  user_agent: string | null;
  ip: string | null;
  /** Moved at most every SESSION_SEEN_STEP_MS; null: not seen since its sign-in. */
  last_seen_at: number | null;
  /** When this session last passed a second-factor check; null: never. */
  second_factor_at: number | null;
}

/** A personal access token; only its sha256 is kept. */
export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  /** `pst_…` and the token's last four characters. */
  hint: string;
  /** Its scopes, space-separated. */
  scopes: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
}

/** An external identity tied to an account. */
export interface IdentityLinksTable {
  provider_id: string;
  /** The provider's stable id of the person (OIDC `sub`, GitHub's id, the directory's username). */
  subject: string;
  user_id: number;
  linked_as: string | null;
  created_at: number;
  last_sign_in_at: number | null;
}

/** A redirect sign-in between its start and its callback, named by the hash of its browser cookie. */
export interface IdentityFlowsTable {
  id_hash: string;
  provider_id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  /** Set when a signed-in account links the provider instead of signing in. */
  link_user_id: number | null;
  expires_at: number;
}

/** An account's authenticator app; `confirmed_at` null while being enrolled. */
export interface TotpFactorsTable {
  user_id: number;
  secret: string;
  created_at: number;
  confirmed_at: number | null;
  /** The newest 30-second step a code was accepted for (replays are refused). */
  last_step: number;
}

export interface RecoveryCodesTable {
  code_hash: string;
  user_id: number;
  used_at: number | null;
}

/** A sign-in waiting for its second factor, named by the hash of its browser cookie. */
export interface SecondFactorChallengesTable {
  id_hash: string;
  user_id: number;
  method: string;
  provider: string | null;
  expires_at: number;
}

export interface PastesTable {
  id: string;
  title: string | null;
  /** Content kept in the row when small; null when it lives in the blob store. */
  content: string | null;
  blob_key: string | null;
  size_bytes: number;
  privacy: Privacy;
  password_hash: string | null;
  expiration: Expiration;
  expires_at: number | null;
  burn_after_reading: number;
  /** Burn pastes: when a reader claimed the content (then it is deleted on confirm or after a grace period). */
  burn_claimed_at: number | null;
  /** Hash of the anonymous creator's token, so the creator's own view does not burn the paste. */
  creator_token_hash: string | null;
  /** 'ready' | 'processing' | 'failed' — chunked uploads are 'processing' until assembled. */
  status: PasteStatus;
  /** Chosen when created; null = detected when shown. */
  language: PasteLanguage | null;
  view_count: number;
  user_id: number | null;
  created_at: number;
  /** Claimed by a sweeper run (epoch ms) so two processes never delete the same rows. */
  sweep_claimed_at: number | null;
  /** How many revisions the paste has (1 until its author edits it); the row holds the newest. */
  revision_count: Generated<number>;
  /** When the newest revision was saved; null = never edited. */
  edited_at: number | null;
  /** The paste this one was forked from (kept after the source is gone; shown while it lives). */
  forked_from: string | null;
  /** The envelope of end-to-end encrypted content (1 = pse1, bytes in the blob store); null = plain text. */
  encryption: number | null;
  /** Encrypted pastes: the title sealed in the browser (base64url pse1); `title` holds a placeholder. */
  sealed_title: string | null;
  /** Why the paste waits for a moderator (modules/safety); null = not held. */
  held_reason: HoldReason | null;
  /** When it was held (the queue's oldest item); null = not held. */
  held_at: number | null;
  /** The address it was created from (null for pastes made before it was kept). */
  creator_ip: Generated<string | null>;
  /** SHA-256 of a public plain paste's text while the identical-paste hold is on; else null. */
  content_hash: Generated<string | null>;
}

/** One saved revision of an edited paste (revision 1 is the original). */
export interface PasteRevisionsTable {
  paste_id: string;
  number: number;
  title: string | null;
  language: PasteLanguage | null;
  /** Digest of the content: the key into paste_revision_contents. */
  sha256: string;
  size_bytes: number;
  /** Against the revision before (0 and the line count for revision 1). */
  lines_added: number;
  lines_removed: number;
  created_at: number;
}

/** A revision's text, stored once per paste and digest: inline when small, else a blob. */
export interface PasteRevisionContentsTable {
  paste_id: string;
  sha256: string;
  content: string | null;
  blob_key: string | null;
  size_bytes: number;
}

/** A burn paste that was read: when, and whose it was (so only its creator learns it). */
export interface BurnedPastesTable {
  id: string;
  burned_at: number;
  user_id: number | null;
  creator_token_hash: string | null;
  /** Deleted by the sweeper after this (a week). */
  forget_at: number;
}

export interface UploadSessionsTable {
  id: string;
  user_id: number;
  total_chunks: number;
  total_size: number;
  /** Every chunk but the last is exactly this long (40 MiB unless the client chose another size). */
  chunk_size: number;
  title: string | null;
  privacy: Privacy;
  password_hash: string | null;
  expiration: Expiration;
  burn_after_reading: number;
  language: PasteLanguage | null;
  /** Where the assembled content goes; invisible there until assembly completes it. */
  blob_key: string;
  /** The blob store's reference for the upload in parts (S3: its multipart UploadId). */
  store_ref: string;
  status: UploadStatus;
  /** Set once, by finalize: finalize again answers the same paste. */
  paste_id: string | null;
  /** 0–100 while assembling. */
  progress: number;
  /** Hex sha256 of the assembled file, once done. */
  sha256: string | null;
  /** The assembling instance holds the session until then; past it, another may take over. */
  lease_until: number | null;
  /** Why assembly failed (shown to the uploader). */
  error: string | null;
  created_at: number;
  updated_at: number;
  /** As on pastes: the chunks are a pse1 stream, checked structurally at assembly. */
  encryption: number | null;
  sealed_title: string | null;
}

export interface UploadChunksTable {
  upload_id: string;
  chunk_index: number;
  /** The store's tag for the written chunk (S3: the part's ETag); empty while it is written. */
  tag: string;
  /** `writing` from before its first byte until it is whole; finalize waits for none to be. */
  state: 'writing' | 'written';
  created_at: number;
}

export interface ReportsTable {
  id: Generated<number>;
  paste_id: string;
  paste_title: string | null;
  reported_by: number | null;
  reason: string;
  status: ModerationStatus;
  created_at: number;
  reporter_ip: string | null;
  /** The paste's key shared by the reporter, sealed under the moderation secret; null once decided. */
  shared_key_sealed: string | null;
}

export interface DeletionRequestsTable {
  id: Generated<number>;
  paste_id: string;
  paste_title: string | null;
  user_id: number;
  reason: string;
  status: ModerationStatus;
  created_at: number;
}

export interface VipLicensesTable {
  id: Generated<number>;
  license_key: string;
  is_used: number;
  used_by: number | null;
  used_at: number | null;
  created_at: number;
}

export interface EmailTokensTable {
  /** sha256 of the token sent by mail. */
  token_hash: string;
  user_id: number;
  /** 'verify-email' | 'reset-password' | 'reveal-api-key' */
  purpose: TokenPurpose;
  /** Purpose-specific data, e.g. the new email address being verified. */
  payload: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** One staff action; append-only (see audit.repository). */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: number;
  /** No foreign key: kept when the account is deleted, with the name it had. */
  actor_id: number | null;
  actor_username: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON object of field names and counts; never a secret value. */
  details: string | null;
  request_id: string;
  ip: string;
  /** Set on an entry recorded at most once (unique): see modules/audit/staff-reads.service.ts. */
  once_key: string | null;
}

/** A backup written on a schedule into the blob store (see scheduled-backups.service). */
export interface ScheduledBackupsTable {
  id: Generated<number>;
  /** The interval it belongs to (time ÷ interval): unique, so one instance writes it. */
  slot: number;
  blob_key: string;
  status: 'writing' | 'done';
  size_bytes: number;
  created_at: number;
  finished_at: number | null;
}

export interface TeamsTable {
  id: Generated<number>;
  /** Lower-case letters, digits and hyphens: the team's name in links and in the API. */
  slug: string;
  name: string;
  description: string;
  created_at: number;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  role: TeamRole;
  added_at: number;
}

/** One grant to read a shared paste: to a user or to a team (exactly one of the two is set). */
export interface PasteSharesTable {
  id: Generated<number>;
  paste_id: string;
  user_id: number | null;
  team_id: number | null;
  /** Who granted it (null once that account is gone). */
  added_by: number | null;
  added_at: number;
}

/** A content rule of the Safety tab (modules/safety). */
export interface SafetyRulesTable {
  id: Generated<number>;
  kind: SafetyRuleKind;
  value: string;
  action: SafetyAction;
  created_at: number;
}

/** One time a rule matched a create or an edit; kept when the rule or the paste is gone. */
export interface SafetyHitsTable {
  id: Generated<number>;
  rule_id: number | null;
  /** Null for a refused create (no paste was made). */
  paste_id: string | null;
  action: SafetyAction;
  created_at: number;
}

/** An active ban (modules/bans): an account suspended, or an address or range banned. */
export interface BansTable {
  id: Generated<number>;
  kind: BanKind;
  /** Account bans: the account (the ban goes with it). */
  user_id: number | null;
  /** Address bans: the address or range as CIDR, normalized (see modules/bans/address-range). */
  ip: string | null;
  reason: string;
  /** Account bans: its pastes wait for review while it lasts (1) or stay as they are (0). */
  hide_pastes: number;
  /** The staff member's username. */
  created_by: string | null;
  created_at: number;
  /** Null: for good. */
  expires_at: number | null;
}

/** One tag of a paste (see TAG_PATTERN); gone with the paste. */
export interface PasteTagsTable {
  paste_id: string;
  tag: string;
}

/**
 * A paste's search document (migration 021, modules/search/search-index). Its words live in
 * `document` (a tsvector) on PostgreSQL, and on SQLite in the FTS5 table `paste_search_fts`, whose
 * rowid is `doc_id`; each dialect has only its own of the two columns.
 */
export interface PasteSearchTable {
  paste_id: string;
  doc_id: Generated<number>;
  document: Generated<string>;
  /** PostgreSQL: the title's words alone (ranking). */
  title_document: Generated<string>;
}

/** clamd's verdict on an uploaded paste (modules/malware). */
export interface MalwareScansTable {
  paste_id: string;
  outcome: 'clean' | 'infected' | 'error';
  /** The signature clamd named (infected), or why the scan failed (error). */
  signature: string | null;
  scanned_bytes: number;
  /** 1: only the first StreamMaxLength bytes were scanned. */
  partial: number;
  scanned_at: number;
}
