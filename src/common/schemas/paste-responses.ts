import { z } from 'zod';
import { PASTE_LANGUAGES } from '../languages.js';
import { pasteFileViewSchema } from './paste-files.js';
import { pasteLinesSchema, pasteSearchSchema } from './paste-lines.js';
import { isoTime, NotJson, pasteSummaryFields, role, secretFindingSchema } from './response-parts.js';

/** Spec §3 Paste, as read for viewing. */
export const pasteViewSchema = z.strictObject({
  ...pasteSummaryFields,
  /** Chosen by the author; null = detect it. */
  language: z.enum(PASTE_LANGUAGES).nullable(),
  /** Absent when locked by a password or served as a download; '__PROCESSING__' while assembling. */
  content: z.string().optional(),
  /** The revision shown: the newest (1 until the author edits the paste). */
  revision: z.number().int().min(1),
  /** When the newest revision was saved; null = never edited. */
  editedAt: isoTime.nullable(),
  username: z.string(),
  userRole: role.nullable(),
  /** The size fields tell of the content: absent while a password paste is locked. */
  isExtreme: z.boolean().optional(),
  contentSizeMB: z.number().min(0).optional(),
  sizeBytes: z.number().int().min(0).optional(),
  downloadUrl: z.string().optional(),
  vipBanner: z
    .strictObject({ bannerUrl: z.string().nullable(), bannerLink: z.string().nullable() })
    .optional(),
  /** The password dialog should open. */
  requiresPassword: z.boolean(),
  /**
   * A burn paste held back until its visitor asks for it (`?reveal=false`): no content yet, and
   * nothing burned. Reading it without the flag shows it once and destroys it.
   */
  requiresReveal: z.boolean(),
  /** The viewer created this paste (their view never burns or counts). */
  isOwner: z.boolean(),
  /** An admin or manager sees a protected paste by their role ('Admin/Manager Access'). */
  staffAccess: z.boolean(),
  /** Short-lived grant for raw/download links of a password paste unlocked by this viewer. */
  accessToken: z.string().optional(),
  /** The paste this one was forked from, while it still exists and anyone may read and fork it. */
  forkedFrom: z.strictObject({ id: z.string(), title: z.string().nullable() }).optional(),
  /**
   * End-to-end encrypted: `title` is a placeholder, the real one is `sealedTitle`, and
   * `content` (where given) is the standard base64 of the pse1 bytes.
   */
  encrypted: z.literal(true).optional(),
  sealedTitle: z.string().optional(),
  /** Its tags, alphabetical; absent when it has none. */
  tags: z.array(z.string()).optional(),
  /**
   * Held back (a content rule, reports, a scan, a suspended author): only its author and staff read
   * it. Absent for any other paste. Why it is held is not said here: a spammer told which rule
   * caught them tries the next wording.
   */
  held: z.literal(true).optional(),
  /**
   * A paste made of several files: each with its text (absent where `content` is), in order;
   * `content` is then the first file's. Absent for an ordinary paste and while it is locked.
   */
  files: z.array(pasteFileViewSchema).optional(),
});

export const createPasteResultSchema = z.strictObject({
  id: z.string(),
  /** Given to anonymous creators so their own first view does not burn or count. */
  creatorToken: z.string().optional(),
  /** A public paste whose text looks like it holds credentials: what and where. */
  secretsFound: z.array(secretFindingSchema).optional(),
  /** The scan of a public paste stopped before the end of its text (its time budget, or 10 MB). */
  scanIncomplete: z.literal(true).optional(),
});

/** One revision of a paste in its Revisions panel: no content. */
export const revisionSummarySchema = z.strictObject({
  number: z.number().int().min(1),
  title: z.string().nullable(),
  language: z.enum(PASTE_LANGUAGES).nullable(),
  sizeBytes: z.number().int().min(0),
  /**
   * Against the revision before; revision 1 counts its lines as added. Null for a paste over
   * 10 MB (never edited, its lines not counted).
   */
  linesAdded: z.number().int().min(0).nullable(),
  linesRemoved: z.number().int().min(0).nullable(),
  createdAt: isoTime,
});

export const revisionListSchema = z.strictObject({
  revisions: z.array(revisionSummarySchema),
});

/** One revision with its text (absent over the extreme size: read it raw). */
export const revisionViewSchema = revisionSummarySchema.extend({
  content: z.string().optional(),
  /** The revision's files when it held several (as the paste view's). */
  files: z.array(pasteFileViewSchema).optional(),
  /** Revisions the paste has (the newest is the paste's own view). */
  revisionCount: z.number().int().min(1),
});

export const editPasteResultSchema = z.strictObject({
  id: z.string(),
  /** The newest revision: the one just saved, or the same as before when nothing changed. */
  revision: z.number().int().min(1),
  /** As on create: likely credentials in a public paste's new text. */
  secretsFound: z.array(secretFindingSchema).optional(),
  /** As on create: the scan stopped before the end of the new text. */
  scanIncomplete: z.literal(true).optional(),
});

/** A paste in its owner's lists (my pastes, v1 list): no content. */
export const pasteListItemSchema = z.strictObject({
  ...pasteSummaryFields,
  contentSizeMB: z.number().min(0),
  /** The exact size, for sizes under the 0.01 MB that contentSizeMB rounds to. */
  sizeBytes: z.number().int().min(0),
  isProcessing: z.boolean(),
  userId: z.number().int().nullable(),
  /** Its tags, alphabetical (my pastes); absent when it has none. */
  tags: z.array(z.string()).optional(),
});

export const pasteListSchema = z.strictObject({
  pastes: z.array(pasteListItemSchema),
  page: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  total: z.number().int().min(0),
});

export const topPasteSchema = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  viewCount: z.number().int().min(0),
  createdAt: isoTime,
  username: z.string(),
  role: role.nullable(),
});

export const topUserSchema = z.strictObject({
  userId: z.number().int(),
  username: z.string(),
  role,
  totalViews: z.number().int().min(0),
});

export const PASTE_BYTES = new NotJson(
  'The paste: UTF-8 text, or for an end-to-end encrypted paste its sealed bytes',
  ['text/plain', 'application/octet-stream'],
);
const REVISION_BYTES = new NotJson('The revision as UTF-8 text', ['text/plain']);
const FILE_BYTES = new NotJson('One file of a multi-file paste, as UTF-8 text', ['text/plain']);
/** A download: the paste's bytes, or for a multi-file paste a ZIP of its files. */
const DOWNLOAD_BYTES = new NotJson(
  'The paste: UTF-8 text, its sealed bytes if end-to-end encrypted, or a ZIP of its files if it has several',
  ['text/plain', 'application/octet-stream', 'application/zip'],
);

/** The answers of the paste routes: create, read, edit, uploads, lists (see responses.ts). */
export const PASTE_RESPONSES = {
  'POST /api/v1/pastes': {
    201: z.strictObject({
      id: z.string(),
      url: z.url(),
      secretsFound: z.array(secretFindingSchema).optional(),
      scanIncomplete: z.literal(true).optional(),
    }),
  },
  'GET /api/v1/pastes': { 200: pasteListSchema },
  'GET /api/v1/pastes/:id': { 200: pasteViewSchema },
  'POST /api/pastes': { 201: createPasteResultSchema },
  'GET /api/pastes/:id': { 200: pasteViewSchema },
  'POST /api/pastes/:id/verify': { 200: pasteViewSchema },
  'PUT /api/pastes/:id': { 200: editPasteResultSchema },
  'GET /api/pastes/:id/revisions': { 200: revisionListSchema },
  'GET /api/pastes/:id/revisions/:n': { 200: revisionViewSchema },
  'GET /api/pastes/:id/revisions/:n/raw': { 200: REVISION_BYTES, 206: REVISION_BYTES },
  'GET /api/pastes/:id/revisions/:n/download': { 200: REVISION_BYTES, 206: REVISION_BYTES },
  'POST /api/pastes/:id/confirm-view': { 200: z.strictObject({ deleted: z.boolean() }) },
  'GET /api/pastes/:id/download': { 200: DOWNLOAD_BYTES, 206: PASTE_BYTES },
  'GET /api/pastes/:id/files/:name/raw': { 200: FILE_BYTES, 206: FILE_BYTES },
  'GET /api/pastes/:id/files/:name/download': { 200: FILE_BYTES, 206: FILE_BYTES },
  'GET /api/pastes/:id/raw': { 200: PASTE_BYTES, 206: PASTE_BYTES },
  'GET /api/pastes/:id/lines': { 200: pasteLinesSchema },
  'GET /api/pastes/:id/search': { 200: pasteSearchSchema },
  'GET /api/pastes/:id/line-table': {
    200: new NotJson('The sealed line table: a pse1 stream', ['application/octet-stream']),
  },
  'POST /api/pastes/:id/report': { 201: z.strictObject({ id: z.number().int() }) },
  'POST /api/pastes/:id/request-delete': { 201: z.strictObject({ id: z.number().int() }) },
  'POST /api/pastes/upload/init': { 200: z.strictObject({ uploadId: z.string().min(1) }) },
  'POST /api/pastes/upload/chunk': {
    200: z.strictObject({
      uploadId: z.string(),
      chunkIndex: z.number().int().min(0),
      chunksReceived: z.number().int().min(1),
    }),
  },
  'POST /api/pastes/upload/finalize': { 201: z.strictObject({ id: z.string().min(1) }) },
  'POST /api/pastes/upload/cancel': { 200: z.strictObject({ cancelled: z.literal(true) }) },
  'GET /api/pastes/upload/:uploadId': {
    200: z.strictObject({
      uploadId: z.string().min(1),
      status: z.enum(['receiving', 'assembling', 'done', 'failed']),
      totalChunks: z.number().int().min(1),
      totalSize: z.number().int().min(1),
      chunkSize: z.number().int().min(1),
      chunksReceived: z.array(z.number().int().min(0)),
      pasteId: z.string().nullable(),
      sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .nullable(),
      expiresAt: isoTime,
    }),
  },
  'GET /api/pastes/:id/assembly-progress': {
    200: z.strictObject({ progress: z.number().int().min(0).max(100), isComplete: z.boolean() }),
  },
  'GET /api/my-pastes': { 200: pasteListSchema },
  'GET /api/top-views': { 200: z.strictObject({ pastes: z.array(topPasteSchema) }) },
  'GET /api/top-views-v2': { 200: z.strictObject({ pastes: z.array(topPasteSchema) }) },
  'GET /api/top-users': { 200: z.array(topUserSchema) },
} as const satisfies Record<string, Record<number, z.ZodType | NotJson>>;

export type PasteView = z.infer<typeof pasteViewSchema>;
export type CreatePasteResult = z.infer<typeof createPasteResultSchema>;
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export type RevisionView = z.infer<typeof revisionViewSchema>;
export type EditPasteResult = z.infer<typeof editPasteResultSchema>;
export type PasteListItem = z.infer<typeof pasteListItemSchema>;
export type PasteList = z.infer<typeof pasteListSchema>;
export type TopPaste = z.infer<typeof topPasteSchema>;
export type TopUser = z.infer<typeof topUserSchema>;
