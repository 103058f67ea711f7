import { z } from 'zod';
import { EMAIL_PROVIDERS } from '../constants.js';
import { emailSettingsSchema } from './settings.js';

export const setupBodySchema = z
  .object({
    siteTitle: z.string().max(200).optional().default(''),
    domain: z.string().max(300).optional().default(''),
    adminUsername: z.string().max(200),
    adminPassword: z.string().max(200),
    adminEmail: z.string().max(320),
  })
  .extend(emailSettingsSchema.partial().shape);
export type SetupBody = z.input<typeof setupBodySchema>;

export const testEmailBodySchema = emailSettingsSchema.partial().extend({
  emailProvider: z.enum(EMAIL_PROVIDERS),
  emailFrom: z.string().min(1).max(320),
  /** Where to send a test message; without it only the connection is checked. */
  testRecipient: z.string().max(320).optional(),
});
export type TestEmailBody = z.input<typeof testEmailBodySchema>;

/**
 * The site's origin from what the admin typed (`https://paste.example.com`, optionally with a port
 * and a trailing slash), or null when it is not exactly an http(s) origin. Links in mails are built
 * from it, never from a request's Host header.
 */
export function siteOriginOf(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text) || /[?#]/.test(text)) return null;
  try {
    const url = new URL(text);
    if (url.username || url.password || url.pathname !== '/' || !url.hostname) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export type SetupStatus = ResponseOf<'GET /api/setup/status'>;

export type { DatabaseTestResult } from './responses.js';

import type { ResponseOf } from './responses.js';
