import { z } from 'zod';
import {
  PRIVACIES,
  SHARES_PER_PASTE_MAX,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TEAM_ROLES,
  TEAM_SLUG_MAX_LENGTH,
  USERNAME_MAX,
} from '../constants.js';
import { PASTE_LANGUAGES } from '../languages.js';
import { SHARE_MESSAGES, TEAM_MESSAGES } from '../messages.js';
import { pageParam } from './paging.js';
import { storedText } from './text.js';

export { SHARE_MESSAGES, TEAM_MESSAGES } from '../messages.js';

const isoTime = z.iso.datetime();

/** A team's address: `/teams/{slug}` and the API's `:slug`. */
export const TEAM_SLUG_PATTERN = new RegExp(`^[a-z0-9][a-z0-9-]{1,${TEAM_SLUG_MAX_LENGTH - 1}}$`);

const teamName = storedText(TEAM_NAME_MAX_LENGTH, TEAM_MESSAGES.nameTooLong)
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, TEAM_MESSAGES.nameRequired);
const teamDescription = storedText(TEAM_DESCRIPTION_MAX_LENGTH, TEAM_MESSAGES.descriptionTooLong).transform(
  (s) => s.trim(),
);

export const createTeamBodySchema = z.strictObject({
  name: teamName,
  slug: z.string().regex(TEAM_SLUG_PATTERN, TEAM_MESSAGES.slugInvalid),
  description: teamDescription.optional().default(''),
});
export type CreateTeamBody = z.input<typeof createTeamBodySchema>;

export const updateTeamBodySchema = z.strictObject({
  name: teamName.optional(),
  description: teamDescription.optional(),
});

// Looked up as given: a NUL (which PostgreSQL cannot hold) simply names no team or person.
export const teamParams = z.object({ slug: storedText(100) });
export const teamMemberParams = z.object({ slug: storedText(100), username: storedText(100) });

/** Adds a member, or changes the role of one already in the team. */
export const putTeamMemberBodySchema = z.strictObject({
  username: z.string().min(1).max(USERNAME_MAX),
  role: z.enum(TEAM_ROLES).default('member'),
});

export const teamSchema = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: isoTime,
  memberCount: z.number().int().min(0),
  /** The reader's own role in it; null for staff who are not in it. */
  myRole: z.enum(TEAM_ROLES).nullable(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamMemberSchema = z.strictObject({
  username: z.string(),
  role: z.enum(TEAM_ROLES),
  addedAt: isoTime,
  /**
   * The sign-in provider whose group mapping made this membership (it follows the group at each
   * sign-in); null when added by hand.
   */
  syncedFrom: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamDetailSchema = z.strictObject({
  team: teamSchema,
  members: z.array(teamMemberSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** Who a shared paste names: usernames and team slugs (the whole list: it replaces the last one). */
export const putPasteSharesBodySchema = z
  .strictObject({
    users: z.array(z.string().min(1).max(USERNAME_MAX)).default([]),
    teams: z.array(z.string().min(1).max(TEAM_SLUG_MAX_LENGTH)).default([]),
  })
  .refine((b) => b.users.length + b.teams.length <= SHARES_PER_PASTE_MAX, {
    message: SHARE_MESSAGES.tooMany,
  });
export type PutPasteSharesBody = z.input<typeof putPasteSharesBodySchema>;

export const pasteSharesSchema = z.strictObject({
  users: z.array(z.strictObject({ username: z.string(), addedAt: isoTime })),
  teams: z.array(z.strictObject({ slug: z.string(), name: z.string(), addedAt: isoTime })),
});
export type PasteShares = z.infer<typeof pasteSharesSchema>;

/** One change of whom a paste names, from the audit log: who made it, when, whom it added and removed. */
export const shareHistoryEntrySchema = z.strictObject({
  at: isoTime,
  by: z.string(),
  addedUsers: z.array(z.string()),
  removedUsers: z.array(z.string()),
  addedTeams: z.array(z.string()),
  removedTeams: z.array(z.string()),
});
export type ShareHistoryEntry = z.infer<typeof shareHistoryEntrySchema>;

/** A paste's share changes, newest first (at most SHARE_HISTORY_MAX). */
export const shareHistorySchema = z.strictObject({ changes: z.array(shareHistoryEntrySchema) });
export type ShareHistory = z.infer<typeof shareHistorySchema>;

export const sharedWithMeQuerySchema = z.object({ page: pageParam });

export const sharedPasteSchema = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  language: z.enum(PASTE_LANGUAGES).nullable(),
  privacy: z.enum(PRIVACIES),
  username: z.string(),
  createdAt: isoTime,
  sharedAt: isoTime,
  /** The team it came through; null when it names the reader. */
  team: z.strictObject({ slug: z.string(), name: z.string() }).nullable(),
});
export type SharedPaste = z.infer<typeof sharedPasteSchema>;

export const sharedWithMeSchema = z.strictObject({
  pastes: z.array(sharedPasteSchema),
  page: z.number().int().min(1),
  hasMore: z.boolean(),
});
export type SharedWithMe = z.infer<typeof sharedWithMeSchema>;

const ok = z.strictObject({ success: z.literal(true) });
const teamList = z.strictObject({ teams: z.array(teamSchema) });

/** The answers of the teams and sharing routes (spread into RESPONSES). */
export const TEAM_RESPONSES = {
  'GET /api/teams': { 200: teamList },
  'POST /api/teams': { 201: teamDetailSchema },
  'GET /api/teams/:slug': { 200: teamDetailSchema },
  'PATCH /api/teams/:slug': { 200: teamDetailSchema },
  'DELETE /api/teams/:slug': { 200: ok },
  'PUT /api/teams/:slug/members': { 200: teamDetailSchema },
  'DELETE /api/teams/:slug/members/:username': { 200: teamDetailSchema },
  'GET /api/admin/teams': { 200: teamList },
  'GET /api/pastes/:id/shares': { 200: pasteSharesSchema },
  'PUT /api/pastes/:id/shares': { 200: pasteSharesSchema },
  'GET /api/pastes/:id/share-history': { 200: shareHistorySchema },
  'GET /api/shared-with-me': { 200: sharedWithMeSchema },
} as const;
