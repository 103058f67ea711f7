import { z } from 'zod';
import {
  BAN_KINDS,
  BAN_REASON_MAX_LENGTH,
  HOLD_REASONS,
  SAFETY_ACTIONS,
  SAFETY_OUTCOMES,
  SAFETY_RULE_KINDS,
  SAFETY_RULE_MAX_LENGTH,
} from '../constants.js';
import { flag, id, status, text, time } from './backup-fields.js';

/** The backup's rows of running the site: settings, moderation, VIP licenses, bans and content rules. */
export const SITE_ROWS = {
  settings: z.strictObject({ key: text(100), value: text(200_000), updated_at: time }),
  reports: z.strictObject({
    id,
    paste_id: text(32),
    paste_title: text(200).nullable(),
    reported_by: id.nullable(),
    reason: text(2000),
    status,
    created_at: time,
    reporter_ip: text(100).nullable(),
    /** Absent in backups made before decisions were timed. */
    decided_at: time.nullable().optional().default(null),
    /** A visitor's address for the decision, until it is decided; absent in older backups. */
    reporter_email: text(254).nullable().optional().default(null),
  }),
  deletion_requests: z.strictObject({
    id,
    paste_id: text(32),
    paste_title: text(200).nullable(),
    user_id: id,
    reason: text(2000),
    status,
    created_at: time,
    decided_at: time.nullable().optional().default(null),
  }),
  vip_licenses: z.strictObject({
    id,
    license_key: text(200),
    is_used: flag,
    used_by: id.nullable(),
    used_at: time.nullable(),
    created_at: time,
  }),
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
   * Admin → Safety's content rules, each value as the rules keep it (checked on import by the
   * safety module); absent in backups made before them. What they caught is history, not carried.
   */
  safety_rules: z.strictObject({
    id,
    kind: z.enum(SAFETY_RULE_KINDS),
    value: z.string().min(1).max(SAFETY_RULE_MAX_LENGTH),
    action: z.enum(SAFETY_ACTIONS),
    created_at: time,
  }),
  /** What the safety tools did, by reason (the Safety tab's numbers); absent in older backups. */
  safety_outcomes: z.strictObject({
    id,
    created_at: time,
    outcome: z.enum(SAFETY_OUTCOMES),
    reason: z.enum(HOLD_REASONS),
    rule_id: id.nullable(),
    paste_id: text(32).nullable(),
  }),
  /** A reporter's notices of decided reports, until dismissed; absent in older backups. */
  account_notices: z.strictObject({
    id,
    user_id: id,
    kind: z.literal('report-decided'),
    paste_id: text(32),
    paste_title: text(200).nullable(),
    outcome: z.enum(['deleted', 'kept']),
    created_at: time,
  }),
} as const;
