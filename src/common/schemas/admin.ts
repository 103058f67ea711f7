import { z } from 'zod';

/** The admin panel's answers (spec §3 Report, Deletion request; §2 statistics). */

const isoTime = z.iso.datetime();
export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ModerationDecision = 'approved' | 'rejected';

export const ADMIN_MESSAGES = {
  alreadyDecided: 'This item has already been decided',
  reportNotFound: 'Report not found',
  requestNotFound: 'Delete request not found',
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
});

/** Managers see the pending counts; admins see the site's totals too. */
export const adminStatsSchema = z.strictObject({
  pendingDeleteRequests: z.number().int().min(0),
  pendingReports: z.number().int().min(0),
  totalUsers: z.number().int().min(0).optional(),
  totalPastes: z.number().int().min(0).optional(),
  publicPastes: z.number().int().min(0).optional(),
  protectedPastes: z.number().int().min(0).optional(),
  totalViews: z.number().int().min(0).optional(),
});

export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
export type PasteReport = z.infer<typeof reportSchema>;
export type AdminStats = z.infer<typeof adminStatsSchema>;
