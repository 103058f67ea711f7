import { z } from 'zod';
import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  COLLECTION_PASTES_MAX,
  COLLECTION_PRIVACIES,
  PRIVACIES,
  SHARES_PER_PASTE_MAX,
  TEAM_SLUG_MAX_LENGTH,
  USERNAME_MAX,
} from '../constants.js';
import { PASTE_LANGUAGES } from '../languages.js';
import { COLLECTION_MESSAGES, SHARE_MESSAGES } from '../messages.js';
import { pageParam } from './paging.js';
import { storedText } from './text.js';

export { COLLECTION_MESSAGES } from '../messages.js';

const isoTime = z.iso.datetime();

/** A collection's id: `/c/{id}` and the API's `:id`. */
export const COLLECTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;

const collectionName = storedText(COLLECTION_NAME_MAX_LENGTH, COLLECTION_MESSAGES.nameTooLong)
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, COLLECTION_MESSAGES.nameRequired);
const collectionDescription = storedText(
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_MESSAGES.descriptionTooLong,
).transform((s) => s.trim());

/** Whom a shared collection names: usernames and team slugs (the whole list: it replaces the last). */
const sharesBody = z
  .strictObject({
    users: z.array(z.string().min(1).max(USERNAME_MAX)).default([]),
    teams: z.array(z.string().min(1).max(TEAM_SLUG_MAX_LENGTH)).default([]),
  })
  .refine((b) => b.users.length + b.teams.length <= SHARES_PER_PASTE_MAX, {
    message: SHARE_MESSAGES.tooMany,
  });

export const createCollectionBodySchema = z.strictObject({
  name: collectionName,
  description: collectionDescription.optional().default(''),
  privacy: z.enum(COLLECTION_PRIVACIES).default('unlisted'),
  /** The team that owns it (by slug); absent: the person creating it owns it. */
  team: z.string().min(1).max(TEAM_SLUG_MAX_LENGTH).optional(),
  shares: sharesBody.optional(),
});
export type CreateCollectionBody = z.input<typeof createCollectionBodySchema>;

export const updateCollectionBodySchema = z.strictObject({
  name: collectionName.optional(),
  description: collectionDescription.optional(),
  privacy: z.enum(COLLECTION_PRIVACIES).optional(),
  shares: sharesBody.optional(),
  /**
   * Paste ids in their new order. Only the pastes named move, among the places they held, so an
   * editor reorders what they see without knowing what they may not read.
   */
  order: z.array(z.string().min(1).max(32)).max(COLLECTION_PASTES_MAX).optional(),
});
export type UpdateCollectionBody = z.input<typeof updateCollectionBodySchema>;

// Looked up as given: a NUL (which PostgreSQL cannot hold) simply names no collection or paste.
export const collectionParams = z.object({ id: storedText(100) });
export const collectionPasteParams = z.object({ id: storedText(100), pasteId: storedText(100) });
export const collectionsQuerySchema = z.object({ page: pageParam });

const ownerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('user'), username: z.string() }),
  z.strictObject({ type: z.literal('team'), slug: z.string(), name: z.string() }),
]);

export const collectionSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  privacy: z.enum(COLLECTION_PRIVACIES),
  owner: ownerSchema,
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

export const collectionPasteSchema = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  language: z.enum(PASTE_LANGUAGES).nullable(),
  privacy: z.enum(PRIVACIES),
  author: z.string(),
  createdAt: isoTime,
});
export type CollectionPaste = z.infer<typeof collectionPasteSchema>;

export const collectionDetailSchema = z.strictObject({
  collection: collectionSummarySchema.extend({
    /** What this reader may do: change its pastes, name and order; change its privacy or delete it. */
    canEdit: z.boolean(),
    canManage: z.boolean(),
    /** Read by staff only through their staff access (recorded in the audit log). */
    staffAccess: z.boolean(),
    /** Whom a shared collection names: shown to those who may manage it, and staff. */
    shares: z
      .strictObject({
        users: z.array(z.strictObject({ username: z.string() })),
        teams: z.array(z.strictObject({ slug: z.string(), name: z.string() })),
      })
      .nullable(),
  }),
  /** The pastes this reader may read, in order; no other is named or counted. */
  pastes: z.array(collectionPasteSchema),
});
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

export const collectionListSchema = z.strictObject({
  collections: z.array(collectionSummarySchema),
  page: z.number().int().min(1),
  hasMore: z.boolean(),
});
export type CollectionList = z.infer<typeof collectionListSchema>;

const ok = z.strictObject({ success: z.literal(true) });

/** The answers of the collections routes (spread into RESPONSES). */
export const COLLECTION_RESPONSES = {
  'GET /api/collections': { 200: collectionListSchema },
  'POST /api/collections': { 201: collectionDetailSchema },
  'GET /api/collections/:id': { 200: collectionDetailSchema },
  'PATCH /api/collections/:id': { 200: collectionDetailSchema },
  'DELETE /api/collections/:id': { 200: ok },
  'POST /api/collections/:id/pastes/:pasteId': { 200: collectionDetailSchema },
  'DELETE /api/collections/:id/pastes/:pasteId': { 200: collectionDetailSchema },
} as const;
