import { z } from 'zod';
import { EXPIRATIONS, PRIVACIES, ROLES } from '../constants.js';
import { ERROR_CODES } from '../errors.js';
import { PASTE_LANGUAGES } from '../languages.js';
import { SECRET_KINDS } from '../secret-scan.js';
import { ACCESS_TOKEN_RESPONSES } from './access-tokens.js';
import {
  adminPasteSchema,
  adminStatsSchema,
  adminUserSchema,
  deletionRequestSchema,
  faviconUploadResultSchema,
  reportSchema,
  vipLicenseSchema,
} from './admin.js';
import { auditPageSchema } from './audit.js';
import { importResultSchema } from './backup.js';
import { authorFootprintSchema, banSchema, bansSchema, purgeResultSchema } from './bans.js';
import { COLLECTION_RESPONSES } from './collections.js';
import { oembedResponseSchema } from './embeds.js';
import { accountIdentitySchema, identityAdminViewSchema, publicProviderSchema } from './identity.js';
import { PASSKEY_RESPONSES } from './passkeys.js';
import { pasteLinesSchema, pasteSearchSchema } from './paste-lines.js';
import {
  heldDecisionResultSchema,
  heldPastesSchema,
  safetyImportResultSchema,
  safetyRuleSchema,
  safetyRulesSchema,
  safetyStatsSchema,
  safetyTestResultSchema,
} from './safety.js';
import { SEARCH_RESPONSES } from './search.js';
import {
  recoveryCodesSchema,
  secondFactorRequiredSchema,
  secondFactorStatusSchema,
  totpEnrolmentSchema,
} from './second-factor.js';
import { accountSessionsSchema, endedSessionsSchema } from './sessions.js';
import { adminSettingsSchema, publicSettingsSchema } from './settings.js';
import { TEAM_RESPONSES } from './teams.js';

/**
 * What every API route answers, per status code: one zod schema per answer, from which the server
 * documents its routes (/api/openapi.json), the tests check every answer they receive (see
 * plugins/response-schemas.ts), and the web infers its types. A route's refusals all share
 * errorBodySchema. Keys are `METHOD url` as the routes declare them.
 */

const role = z.enum(ROLES);
const isoTime = z.iso.datetime();

/** A likely credential in a public paste's text (common/secret-scan). */
const secretFindingSchema = z.strictObject({ kind: z.enum(SECRET_KINDS), line: z.number().int().min(1) });

export const errorBodySchema = z.strictObject({
  error: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
  message: z.string(),
  /** The id of the request's log lines. */
  requestId: z.string(),
  /** BURNED (410, to the creator only): when the paste was read. */
  burnedAt: isoTime.optional(),
  /** SECRETS_DETECTED (409, a create that asked for checkSecrets). */
  secretsFound: z.array(secretFindingSchema).optional(),
});

/** Spec §3 User, as the server shows it to its owner: never a hash or a key. */
export const publicUserSchema = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role,
  createdAt: isoTime,
  hasApiKey: z.boolean(),
  emailVerified: z.boolean(),
  vipActivatedAt: isoTime.nullable(),
  vipBannerUrl: z.string().nullable(),
  vipBannerLink: z.string().nullable(),
  /**
   * Present on sign-in and GET /api/user when the account's role requires a second factor it has
   * not set up: nothing but enrolling works until it has.
   */
  secondFactorEnrolmentRequired: z.literal(true).optional(),
});

/** Spec §3 Paste, as read for viewing. */
export const pasteViewSchema = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  /** Chosen by the author; null = detect it. */
  language: z.enum(PASTE_LANGUAGES).nullable(),
  /** Absent when locked by a password or served as a download; '__PROCESSING__' while assembling. */
  content: z.string().optional(),
  privacy: z.enum(PRIVACIES),
  expiration: z.enum(EXPIRATIONS),
  expiresAt: isoTime.nullable(),
  burnAfterReading: z.boolean(),
  viewCount: z.number().int().min(0),
  createdAt: isoTime,
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
  id: z.string(),
  title: z.string().nullable(),
  privacy: z.enum(PRIVACIES),
  expiration: z.enum(EXPIRATIONS),
  expiresAt: isoTime.nullable(),
  burnAfterReading: z.boolean(),
  viewCount: z.number().int().min(0),
  createdAt: isoTime,
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

/** GET /api/settings/user: what the account page needs to decide which cards to show. */
export const userSettingsSchema = z.strictObject({
  requireEmailVerification: z.boolean(),
  /** A new address waits for a link sent to it (else it changes at once: no mail to send). */
  emailChangeByLink: z.boolean(),
  enableApiKeys: z.boolean(),
  emailVerified: z.boolean(),
  email: z.string(),
  /** A new address waiting for its verification link, if any. */
  pendingEmail: z.string().nullable(),
  hasApiKey: z.boolean(),
  apiKeyHint: z.string().nullable(),
  role,
  isVip: z.boolean(),
  vipLicenseUrl: z.string(),
});

export const apiKeyStatusSchema = z.strictObject({
  hasApiKey: z.boolean(),
  /** e.g. 'pb_…x7Qa': enough to tell keys apart, useless to an attacker. */
  hint: z.string().nullable(),
});

/** The answer to a password change or reset: whether the API key was revoked with it. */
export const passwordChangeResultSchema = z.strictObject({ message: z.string(), apiKeyRevoked: z.boolean() });

export const renderedEmailSchema = z.strictObject({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

export const databaseTestResultSchema = z.strictObject({
  ok: z.boolean(),
  dialect: z.enum(['sqlite', 'postgres']),
  message: z.string(),
});

const okSchema = z.strictObject({ ok: z.literal(true) });
const messageSchema = z.strictObject({ message: z.string() });
const vipResultSchema = z.strictObject({ message: z.string(), user: publicUserSchema });
const healthSchema = z.strictObject({
  ok: z.literal(true),
  database: z.enum(['sqlite', 'postgres']).optional(),
});

/**
 * An answer that is not a JSON value of a schema: a file, paste bytes, a redirect. The document
 * lists its media types (none: no body); the tests check its status and media type, not its bytes.
 */
export class NotJson {
  constructor(
    readonly description: string,
    readonly mediaTypes: readonly string[],
  ) {}
}
const PASTE_BYTES = new NotJson(
  'The paste: UTF-8 text, or for an end-to-end encrypted paste its sealed bytes',
  ['text/plain', 'application/octet-stream'],
);
const REVISION_BYTES = new NotJson('The revision as UTF-8 text', ['text/plain']);
const BACKUP_FILE = new NotJson('A backup file (docs/operations.md)', ['application/json']);

export const RESPONSES = {
  'GET /api/settings/public': { 200: publicSettingsSchema },
  'GET /api/setup/status': { 200: z.strictObject({ setupCompleted: z.boolean() }) },
  'GET /api/setup/test-database': { 200: databaseTestResultSchema },
  'POST /api/setup/test-email': { 200: z.strictObject({ ok: z.literal(true), message: z.string() }) },
  'POST /api/setup': { 200: okSchema },
  'POST /api/register': {
    201: z.strictObject({
      message: z.string(),
      requiresVerification: z.boolean(),
      verificationEmailSent: z.boolean(),
    }),
  },
  'POST /api/login': { 200: z.union([publicUserSchema, secondFactorRequiredSchema]) },
  'POST /api/auth/second-factor': { 200: publicUserSchema },
  'POST /api/auth/passkeys/sign-in': { 200: publicUserSchema },
  'POST /api/auth/passkeys/second-factor': { 200: publicUserSchema },
  'GET /api/account/second-factor': { 200: secondFactorStatusSchema },
  'POST /api/account/second-factor/totp': { 200: totpEnrolmentSchema },
  'POST /api/account/second-factor/totp/confirm': { 200: recoveryCodesSchema },
  'POST /api/account/second-factor/disable': { 200: secondFactorStatusSchema },
  'GET /api/account/sessions': { 200: accountSessionsSchema },
  'DELETE /api/account/sessions/:id': { 200: endedSessionsSchema },
  'POST /api/account/sessions/sign-out-others': { 200: endedSessionsSchema },
  'POST /api/logout': {
    200: z.strictObject({
      ok: z.literal(true),
      /** The sign-in provider's own sign-out page, when the session came from one that has it. */
      endSessionUrl: z.url().optional(),
    }),
  },
  'GET /api/user': { 200: publicUserSchema.nullable() },
  'GET /api/verify-email/:token': { 302: new NotJson('To /verify-email-success with the outcome', []) },
  'GET /api/auth/providers': { 200: z.array(publicProviderSchema) },
  'GET /api/auth/oidc/:id/start': {
    302: new NotJson('To the provider, or back to the site with the outcome', []),
  },
  'GET /api/auth/oidc/:id/callback': {
    302: new NotJson('To the provider, or back to the site with the outcome', []),
  },
  'POST /api/auth/ldap/:id/login': { 200: z.union([publicUserSchema, secondFactorRequiredSchema]) },
  'GET /api/user/identities': { 200: z.strictObject({ identities: z.array(accountIdentitySchema) }) },
  'POST /api/auth/oidc/:id/link': { 200: z.strictObject({ redirectUrl: z.url() }) },
  'POST /api/auth/ldap/:id/link': { 200: z.strictObject({ identities: z.array(accountIdentitySchema) }) },
  'POST /api/user/identities/:id/unlink': {
    200: z.strictObject({ identities: z.array(accountIdentitySchema) }),
  },
  'GET /api/admin/safety/rules': { 200: safetyRulesSchema },
  'POST /api/admin/safety/rules': { 201: z.strictObject({ rule: safetyRuleSchema }) },
  'DELETE /api/admin/safety/rules/:id': { 200: z.strictObject({ success: z.literal(true) }) },
  'POST /api/admin/safety/rules/import': { 200: safetyImportResultSchema },
  'POST /api/admin/safety/rules/test': { 200: safetyTestResultSchema },
  'GET /api/admin/safety/held': { 200: heldPastesSchema },
  'POST /api/admin/safety/held/decide': { 200: heldDecisionResultSchema },
  'GET /api/admin/safety/stats': { 200: safetyStatsSchema },
  'GET /api/admin/bans': { 200: bansSchema },
  'POST /api/admin/bans': { 201: z.strictObject({ ban: banSchema }) },
  'DELETE /api/admin/bans/:id': { 200: z.strictObject({ success: z.literal(true) }) },
  'GET /api/admin/paste-reports/:id/author': { 200: authorFootprintSchema },
  'POST /api/admin/paste-reports/:id/delete-everything': { 200: purgeResultSchema },
  'GET /api/admin/identity': { 200: identityAdminViewSchema },
  'PUT /api/admin/identity': { 200: identityAdminViewSchema },
  'POST /api/auth/reveal-api-key': { 200: z.strictObject({ apiKey: z.string(), username: z.string() }) },
  'POST /api/auth/resend-verification': { 200: messageSchema },
  'POST /api/auth/forgot-password': { 200: messageSchema },
  'POST /api/auth/reset-password': { 200: passwordChangeResultSchema },
  'GET /api/email-templates/preview': { 200: renderedEmailSchema },
  'POST /api/user/change-password': { 200: passwordChangeResultSchema },
  'POST /api/user/change-email': { 200: messageSchema },
  'GET /api/settings/user': { 200: userSettingsSchema },
  'GET /api/user/api-key': { 200: apiKeyStatusSchema },
  'POST /api/user/regenerate-api-key': { 200: z.strictObject({ apiKey: z.string().regex(/^pb_/) }) },
  'POST /api/vip/activate': { 200: vipResultSchema },
  'POST /api/vip/banner': { 200: vipResultSchema },
  'GET /api/openapi.json': {
    200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
  },
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
  'GET /api/pastes/:id/download': { 200: PASTE_BYTES, 206: PASTE_BYTES },
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
  'GET /api/admin/stats': { 200: adminStatsSchema },
  'GET /api/settings': { 200: adminSettingsSchema },
  'PUT /api/settings': { 200: adminSettingsSchema },
  'POST /api/admin/test-turnstile': { 200: z.strictObject({ success: z.literal(true) }) },
  'POST /api/upload/favicon': { 200: faviconUploadResultSchema },
  'GET /api/admin/database/export': { 200: BACKUP_FILE },
  'POST /api/admin/database/import': { 200: importResultSchema },
  'GET /api/admin/vip-licenses': {
    200: z.strictObject({ licenses: z.array(vipLicenseSchema), total: z.number().int().min(0) }),
  },
  'POST /api/admin/vip-licenses/generate': { 200: z.strictObject({ license: vipLicenseSchema }) },
  'DELETE /api/admin/vip-licenses/:id': { 200: z.strictObject({ success: z.literal(true) }) },
  'GET /api/admin/audit': { 200: auditPageSchema },
  'GET /api/admin/backups': {
    200: z.strictObject({
      backups: z.array(
        z.strictObject({
          id: z.number().int(),
          createdAt: isoTime,
          sizeBytes: z.number().int().min(0),
          fileName: z.string(),
        }),
      ),
    }),
  },
  'GET /api/admin/backups/:id/download': { 200: BACKUP_FILE },
  'GET /api/admin/users': { 200: z.strictObject({ users: z.array(adminUserSchema) }) },
  'GET /api/admin/users/:id/pastes': { 200: pasteListSchema },
  'PUT /api/users/:id': { 200: z.strictObject({ user: adminUserSchema }) },
  'DELETE /api/users/:id': { 200: z.strictObject({ success: z.literal(true) }) },
  'POST /api/admin/users/:id/second-factor/reset': { 200: z.strictObject({ user: adminUserSchema }) },
  'GET /api/pastes': {
    200: z.strictObject({ pastes: z.array(adminPasteSchema), total: z.number().int().min(0) }),
  },
  'DELETE /api/pastes/:id': { 200: z.strictObject({ success: z.literal(true) }) },
  'GET /api/admin/delete-requests': { 200: z.strictObject({ requests: z.array(deletionRequestSchema) }) },
  'POST /api/admin/delete-requests/:id/approve': { 200: z.strictObject({ request: deletionRequestSchema }) },
  'POST /api/admin/delete-requests/:id/reject': { 200: z.strictObject({ request: deletionRequestSchema }) },
  'GET /api/admin/paste-reports': { 200: z.strictObject({ reports: z.array(reportSchema) }) },
  'GET /api/admin/paste-reports/:id/key': { 200: z.strictObject({ key: z.string() }) },
  'POST /api/admin/paste-reports/:id/approve': { 200: z.strictObject({ report: reportSchema }) },
  'POST /api/admin/paste-reports/:id/reject': { 200: z.strictObject({ report: reportSchema }) },
  ...TEAM_RESPONSES,
  ...ACCESS_TOKEN_RESPONSES,
  ...PASSKEY_RESPONSES,
  ...SEARCH_RESPONSES,
  'GET /api/oembed': { 200: oembedResponseSchema },
  ...COLLECTION_RESPONSES,
} as const satisfies Record<string, Record<number, z.ZodType | NotJson>>;

/** Routes outside /api, documented and checked like the API's. */
export const OTHER_RESPONSES = {
  'GET /raw/:id': { 200: PASTE_BYTES, 206: PASTE_BYTES },
  'GET /healthz': { 200: healthSchema },
  'GET /readyz': { 200: healthSchema },
} as const satisfies Record<string, Record<number, z.ZodType | NotJson>>;

export type RouteKey = keyof typeof RESPONSES;
/** The JSON a route answers with `status` (200 unless given). */
export type ResponseOf<
  K extends RouteKey,
  S extends keyof (typeof RESPONSES)[K] = 200 extends keyof (typeof RESPONSES)[K]
    ? 200
    : keyof (typeof RESPONSES)[K],
> = (typeof RESPONSES)[K][S] extends z.ZodType ? z.infer<(typeof RESPONSES)[K][S]> : never;

export type PublicUser = z.infer<typeof publicUserSchema>;
export type PasteView = z.infer<typeof pasteViewSchema>;
export type CreatePasteResult = z.infer<typeof createPasteResultSchema>;
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export type RevisionView = z.infer<typeof revisionViewSchema>;
export type EditPasteResult = z.infer<typeof editPasteResultSchema>;
export type PasteListItem = z.infer<typeof pasteListItemSchema>;
export type PasteList = z.infer<typeof pasteListSchema>;
export type TopPaste = z.infer<typeof topPasteSchema>;
export type TopUser = z.infer<typeof topUserSchema>;
export type UserSettings = z.infer<typeof userSettingsSchema>;
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;
export type PasswordChangeResult = z.infer<typeof passwordChangeResultSchema>;
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;
export type DatabaseTestResult = z.infer<typeof databaseTestResultSchema>;
