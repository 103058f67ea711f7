// The table types live by domain in tables/; here they make the Database type, and are re-exported so a
// query names one place.
import type {
  AccessTokensTable,
  EmailTokensTable,
  IdentityFlowsTable,
  IdentityLinksTable,
  PasskeyChallengesTable,
  PasskeysTable,
  RecoveryCodesTable,
  SecondFactorChallengesTable,
  SessionsTable,
  TotpFactorsTable,
  UsersTable,
} from './tables/accounts.js';
import type {
  AccountNoticesTable,
  AuditLogTable,
  BansTable,
  DeletionRequestsTable,
  MalwareScansTable,
  ReportsTable,
  SafetyHitsTable,
  SafetyOutcomesTable,
  SafetyRulesTable,
} from './tables/moderation.js';
import type {
  BurnedPastesTable,
  PasteRevisionContentsTable,
  PasteRevisionsTable,
  PasteSearchTable,
  PastesTable,
  PasteTagsTable,
} from './tables/pastes.js';
import type { ScheduledBackupsTable, SettingsTable, VipLicensesTable } from './tables/site.js';
import type {
  CollectionPastesTable,
  CollectionSharesTable,
  CollectionsTable,
  PasteSharesTable,
  TeamMembersTable,
  TeamsTable,
} from './tables/teams.js';
import type { UploadChunksTable, UploadSessionsTable } from './tables/uploads.js';

export type * from './tables/accounts.js';
export type * from './tables/moderation.js';
export type * from './tables/pastes.js';
export type * from './tables/site.js';
export type * from './tables/teams.js';
export type * from './tables/uploads.js';

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
  collections: CollectionsTable;
  collection_pastes: CollectionPastesTable;
  collection_shares: CollectionSharesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  paste_search: PasteSearchTable;
  malware_scans: MalwareScansTable;
  safety_outcomes: SafetyOutcomesTable;
  account_notices: AccountNoticesTable;
}
