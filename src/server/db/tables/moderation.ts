import type { Generated } from 'kysely';
import type {
  BanKind,
  HoldReason,
  SafetyAction,
  SafetyOutcome,
  SafetyRuleKind,
} from '../../../common/constants.js';

// Moderation: reports, deletion requests, the audit log, content rules and bans.

/** Reports and deletion requests: decided once, from pending. */
export type ModerationStatus = 'pending' | 'approved' | 'rejected';

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
  /** When it was decided; null while pending (and for reports decided before this was kept). */
  decided_at: number | null;
  /** Where a visitor asked to be told the decision; erased once the report is decided. */
  reporter_email: string | null;
}

export interface DeletionRequestsTable {
  id: Generated<number>;
  paste_id: string;
  paste_title: string | null;
  user_id: number;
  reason: string;
  status: ModerationStatus;
  created_at: number;
  /** When it was decided; null while pending. */
  decided_at: number | null;
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

/** One thing the safety tools did, and why; kept when the paste or the rule is gone. */
export interface SafetyOutcomesTable {
  id: Generated<number>;
  created_at: number;
  outcome: SafetyOutcome;
  reason: HoldReason;
  /** The rule that decided it, when one did. */
  rule_id: number | null;
  /** Null for a refused create (no paste was made). */
  paste_id: string | null;
}

/** What an account is told on its next visit (a report it filed was decided), until dismissed. */
export interface AccountNoticesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'report-decided';
  paste_id: string;
  paste_title: string | null;
  /** The decision: the paste was deleted, or kept. */
  outcome: 'deleted' | 'kept';
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
