import { z } from 'zod';
import { PRIVACIES, ROLES } from '../constants.js';
import { isoTime, pasteSummaryFields } from './response-parts.js';

/** The admin panel's answers (spec §3 Report, Deletion request; §2 statistics). */
export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ModerationDecision = 'approved' | 'rejected';

export const ADMIN_MESSAGES = {
  alreadyDecided: 'This item has already been decided',
  userNotFound: 'User not found',
  rbacOff: 'Role management is disabled',
  ownRole: 'You cannot change your own role',
  roleNotAllowed: 'This role change is not allowed',
  ownAccount: 'You cannot delete your own account',
  oneChange: 'Send exactly one of role, password or email',
  passwordRequired: 'Password is required',
  emailInvalid: 'Please enter a valid email address.',
  emailInUse: 'This email address is already in use',
  licenseNotFound: 'License not found',
  reportNotFound: 'Report not found',
  /** GET …/paste-reports/:id/key: none shared, or gone once the report was decided or the paste deleted. */
  reportKeyNotFound: 'No key is stored for this report',
  requestNotFound: 'Delete request not found',
  noSecondFactor: 'This account has no two-factor authentication to reset',
} as const;

export const deletionRequestSchema = z.strictObject({
  id: z.number().int(),
  pasteId: z.string(),
  pasteTitle: z.string().nullable(),
  userId: z.number().int(),
  /** Null once the requesting account is deleted. */
  username: z.string().nullable(),
  reason: z.string(),
  status: z.enum(MODERATION_STATUSES),
  createdAt: isoTime,
});

export const reportSchema = z.strictObject({
  id: z.number().int(),
  pasteId: z.string(),
  pasteTitle: z.string().nullable(),
  reportedBy: z.number().int().nullable(),
  /** Null for a visitor's report: shown as Anonymous. */
  reporterUsername: z.string().nullable(),
  reason: z.string(),
  status: z.enum(MODERATION_STATUSES),
  createdAt: isoTime,
  /** The reported paste is end-to-end encrypted (false once it is gone). */
  pasteEncrypted: z.boolean(),
  /** The reporter shared the paste's key: staff read it at GET …/paste-reports/:id/key until decided. */
  keyShared: z.boolean(),
});

/** Managers see the pending counts; admins see the site's totals too. */
export const adminStatsSchema = z.strictObject({
  pendingDeleteRequests: z.number().int().min(0),
  pendingReports: z.number().int().min(0),
  totalUsers: z.number().int().min(0).optional(),
  totalPastes: z.number().int().min(0).optional(),
  publicPastes: z.number().int().min(0).optional(),
  /** Public + unlisted + protected = total. */
  unlistedPastes: z.number().int().min(0).optional(),
  protectedPastes: z.number().int().min(0).optional(),
  totalViews: z.number().int().min(0).optional(),
});

export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
export type PasteReport = z.infer<typeof reportSchema>;
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** An account as the admin's Users tab shows it (never a hash or a key). */
export const adminUserSchema = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: isoTime,
  /** Shown only for users who are neither admin nor manager. */
  registrationIp: z.string().nullable(),
  hasApiKey: z.boolean(),
  emailVerified: z.boolean(),
  pasteCount: z.number().int().min(0),
  vipActivatedAt: isoTime.nullable(),
  /** Two-factor authentication is on (the admin can reset it). */
  secondFactor: z.boolean(),
});

/** A paste in the admin's Pastes tab. */
export const adminPasteSchema = z.strictObject({
  ...pasteSummaryFields,
  userId: z.number().int().nullable(),
  /** 'Anonymous' when the paste has no author. */
  username: z.string(),
  userRole: z.enum(ROLES).nullable(),
  sizeBytes: z.number().int().min(0),
  /** End-to-end encrypted: the server holds only ciphertext (and no title to show). */
  encrypted: z.boolean(),
});

/** PUT /api/users/:id: exactly one change at a time. */
export const updateUserBodySchema = z.union([
  z.strictObject({ role: z.enum(ROLES) }),
  z.strictObject({ password: z.string().max(200) }),
  z.strictObject({ email: z.string().max(320) }),
]);

/** The admin's paste list: newest first, largest first, or most viewed first. */
export const ADMIN_PASTE_SORTS = ['newest', 'size', 'views'] as const;
export type AdminPasteSort = (typeof ADMIN_PASTE_SORTS)[number];
export const adminPastesQuerySchema = z.object({
  search: z.string().max(100).default(''),
  sort: z.enum(ADMIN_PASTE_SORTS).default('newest'),
  /** Only pastes of this privacy (all when absent). */
  privacy: z.enum(PRIVACIES).optional(),
});
export type AdminPastesQuery = z.infer<typeof adminPastesQuerySchema>;
export const adminUsersQuerySchema = z.object({ role: z.enum(ROLES).optional() });

export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminPaste = z.infer<typeof adminPasteSchema>;
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** Spec §3 VIP license, as the admin's License History shows it (the key in full). */
export const vipLicenseSchema = z.strictObject({
  id: z.number().int(),
  licenseKey: z.string(),
  isUsed: z.boolean(),
  usedByUsername: z.string().nullable(),
  usedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type VipLicense = z.infer<typeof vipLicenseSchema>;
export const licensesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const FAVICON_MESSAGES = {
  multipartOnly: 'Send the favicon as multipart/form-data (field favicon)',
  fileMissing: 'Choose an image file (field favicon)',
  tooLarge: 'Favicon must be 1 MB or smaller',
  wrongType: 'Favicon must be an ICO, PNG, JPEG or SVG image',
} as const;
export const faviconUploadResultSchema = z.strictObject({ faviconUrl: z.string() });
