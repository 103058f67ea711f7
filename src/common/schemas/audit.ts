import { z } from 'zod';
import { pageParam } from './paging.js';

/**
 * The staff actions the audit log records. A fixed list: the Audit tab filters by it and
 * no free text ever becomes an action.
 */
export const AUDIT_ACTIONS = [
  'staff.login',
  'user.role_change',
  'user.password_change',
  'user.email_change',
  /** An admin removed a person's second factor (a lost phone): the next sign-in takes the password alone. */
  'user.second_factor_reset',
  /** A staff account added or removed one of its passkeys (details: its name). */
  'user.passkey_add',
  'user.passkey_remove',
  'user.delete',
  'paste.delete',
  /**
   * A manager or admin read a password paste without its password (its view, raw, download,
   * lines or revisions): once per paste, staff member and clock hour.
   */
  'paste.staff_read',
  'report.approve',
  'report.reject',
  /** A manager or admin read the paste key a reporter shared. */
  'report.key_read',
  'deletion_request.approve',
  'deletion_request.reject',
  'license.generate',
  'license.delete',
  'settings.update',
  'favicon.update',
  'database.export',
  'database.import',
  'team.create',
  'team.update',
  'team.delete',
  'team.member_add',
  'team.member_role',
  'team.member_remove',
  /** The author of a shared paste changed whom it names (details: who was added and removed). */
  'paste.share_change',
  /** Content rules (Admin → Safety): one added or deleted, a list imported. */
  'safety.rule_add',
  'safety.rule_delete',
  'safety.rules_import',
  /** A paste held for review was approved (its deletion is paste.delete). */
  'paste.approve',
  /** Bans (Admin → Bans): an account suspended or an address banned; a ban lifted. */
  'ban.add',
  'ban.lift',
  /** "Delete everything by this account or address", from a report card (details: how many). */
  'paste.delete_by_author',
  /** Collections: made, changed (details: which fields), deleted, a paste added or removed. */
  'collection.create',
  'collection.update',
  'collection.delete',
  'collection.paste_add',
  'collection.paste_remove',
  /** A manager or admin opened a shared collection that does not name them. */
  'collection.staff_read',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action was done to: a user, a paste, a report, a request, a licence, the site, a team (by slug), a content rule, or a ban. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'paste',
  'report',
  'deletion_request',
  'license',
  'site',
  'team',
  'safety_rule',
  'ban',
  'collection',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_PAGE_SIZE = 50;

export const auditEntrySchema = z.strictObject({
  id: z.number().int(),
  at: z.iso.datetime(),
  /** Kept as written: the account may be gone since. */
  actorId: z.number().int().nullable(),
  actorUsername: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES).nullable(),
  targetId: z.string().nullable(),
  /** Whether the target still exists (the tab links it only then). */
  targetExists: z.boolean(),
  /** Field names changed, counts imported, the new role… never a secret value. */
  details: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
    .nullable(),
  requestId: z.string(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoOrDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const auditQuerySchema = z.object({
  actor: z.string().max(100).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  target: z.string().max(100).optional(),
  from: isoOrDate.optional(),
  to: isoOrDate.optional(),
  page: pageParam,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.strictObject({
  entries: z.array(auditEntrySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
