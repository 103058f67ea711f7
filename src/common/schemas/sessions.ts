import { z } from 'zod';

/**
 * Account → Sessions: every signed-in device of the account. A session is named by an opaque id
 * made from its stored hash, never by the cookie's value or that hash.
 */
export const accountSessionSchema = z.strictObject({
  id: z.string(),
  /** Browser and system from the User-Agent, e.g. "Firefox 128 on Linux"; "Unknown browser" without one. */
  browser: z.string(),
  /** The address the device was last seen from (null: a session older than the list). */
  address: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The session of the device asking. */
  current: z.boolean(),
  /** The sign-in provider the session came from (null: a password). */
  provider: z.string().nullable(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.strictObject({ sessions: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

export const sessionIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Unknown session'),
});

export const endedSessionsSchema = z.strictObject({ ended: z.number().int().min(0) });

export const SESSION_MESSAGES = {
  notFound: 'That session has already ended',
} as const;
