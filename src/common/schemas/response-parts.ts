import { z } from 'zod';
import { EXPIRATIONS, PRIVACIES, ROLES } from '../constants.js';
import { SECRET_KINDS } from '../secret-kinds.js';

/** The pieces the answers of several domains are built from (see responses.ts). */

export const role = z.enum(ROLES);
export const isoTime = z.iso.datetime();

/** A likely credential in a public paste's text (common/secret-scan). */
export const secretFindingSchema = z.strictObject({
  kind: z.enum(SECRET_KINDS),
  line: z.number().int().min(1),
});

export const okSchema = z.strictObject({ ok: z.literal(true) });
export const messageSchema = z.strictObject({ message: z.string() });
export const successSchema = z.strictObject({ success: z.literal(true) });

/** What every list or view of a paste says of it, whoever reads it (owner, admin, visitor). */
export const pasteSummaryFields = {
  id: z.string(),
  title: z.string().nullable(),
  privacy: z.enum(PRIVACIES),
  expiration: z.enum(EXPIRATIONS),
  expiresAt: isoTime.nullable(),
  burnAfterReading: z.boolean(),
  viewCount: z.number().int().min(0),
  createdAt: isoTime,
};

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
