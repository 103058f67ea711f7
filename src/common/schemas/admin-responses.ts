import { z } from 'zod';
import { renderedEmailSchema } from './account-responses.js';
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
import { identityAdminViewSchema } from './identity.js';
import { pasteListSchema } from './paste-responses.js';
import { isoTime, NotJson, successSchema } from './response-parts.js';
import {
  accountNoticeSchema,
  heldDecisionResultSchema,
  heldPastesSchema,
  safetyImportResultSchema,
  safetyRuleSchema,
  safetyRulesSchema,
  safetyStatsSchema,
  safetyTestResultSchema,
} from './safety.js';
import { adminSettingsSchema } from './settings.js';

const BACKUP_FILE = new NotJson('A backup file (docs/operations.md)', ['application/json']);

/** The answers of the admin panel's routes: safety, bans, settings, users, moderation (see responses.ts). */
export const ADMIN_RESPONSES = {
  'GET /api/admin/safety/rules': { 200: safetyRulesSchema },
  'POST /api/admin/safety/rules': { 201: z.strictObject({ rule: safetyRuleSchema }) },
  'DELETE /api/admin/safety/rules/:id': { 200: successSchema },
  'POST /api/admin/safety/rules/import': { 200: safetyImportResultSchema },
  'POST /api/admin/safety/rules/test': { 200: safetyTestResultSchema },
  'GET /api/admin/safety/held': { 200: heldPastesSchema },
  'POST /api/admin/safety/held/decide': { 200: heldDecisionResultSchema },
  'GET /api/admin/safety/stats': { 200: safetyStatsSchema },
  // A reporter's notices (a signed-in account's own; listed here beside the decisions they tell of).
  'GET /api/account/notices': { 200: z.strictObject({ notices: z.array(accountNoticeSchema) }) },
  'DELETE /api/account/notices/:id': { 200: successSchema },
  'GET /api/admin/bans': { 200: bansSchema },
  'POST /api/admin/bans': { 201: z.strictObject({ ban: banSchema }) },
  'DELETE /api/admin/bans/:id': { 200: successSchema },
  'GET /api/admin/paste-reports/:id/author': { 200: authorFootprintSchema },
  'POST /api/admin/paste-reports/:id/delete-everything': { 200: purgeResultSchema },
  'GET /api/admin/identity': { 200: identityAdminViewSchema },
  'PUT /api/admin/identity': { 200: identityAdminViewSchema },
  'GET /api/email-templates/preview': { 200: renderedEmailSchema },
  'GET /api/admin/stats': { 200: adminStatsSchema },
  'GET /api/settings': { 200: adminSettingsSchema },
  'PUT /api/settings': { 200: adminSettingsSchema },
  'POST /api/admin/test-turnstile': { 200: successSchema },
  'POST /api/upload/favicon': { 200: faviconUploadResultSchema },
  'GET /api/admin/database/export': { 200: BACKUP_FILE },
  'POST /api/admin/database/import': { 200: importResultSchema },
  'GET /api/admin/vip-licenses': {
    200: z.strictObject({ licenses: z.array(vipLicenseSchema), total: z.number().int().min(0) }),
  },
  'POST /api/admin/vip-licenses/generate': { 200: z.strictObject({ license: vipLicenseSchema }) },
  'DELETE /api/admin/vip-licenses/:id': { 200: successSchema },
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
  'DELETE /api/users/:id': { 200: successSchema },
  'POST /api/admin/users/:id/second-factor/reset': { 200: z.strictObject({ user: adminUserSchema }) },
  'GET /api/pastes': {
    200: z.strictObject({ pastes: z.array(adminPasteSchema), total: z.number().int().min(0) }),
  },
  'DELETE /api/pastes/:id': { 200: successSchema },
  'GET /api/admin/delete-requests': { 200: z.strictObject({ requests: z.array(deletionRequestSchema) }) },
  'POST /api/admin/delete-requests/:id/approve': { 200: z.strictObject({ request: deletionRequestSchema }) },
  'POST /api/admin/delete-requests/:id/reject': { 200: z.strictObject({ request: deletionRequestSchema }) },
  'GET /api/admin/paste-reports': { 200: z.strictObject({ reports: z.array(reportSchema) }) },
  'GET /api/admin/paste-reports/:id/key': { 200: z.strictObject({ key: z.string() }) },
  'POST /api/admin/paste-reports/:id/approve': { 200: z.strictObject({ report: reportSchema }) },
  'POST /api/admin/paste-reports/:id/reject': { 200: z.strictObject({ report: reportSchema }) },
} as const satisfies Record<string, Record<number, z.ZodType | NotJson>>;
