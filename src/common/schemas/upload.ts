import { z } from 'zod';
import {
  CHUNK_SIZE_MAX_BYTES,
  CHUNK_SIZE_MIN_BYTES,
  EXPIRATIONS,
  PRIVACIES,
  TITLE_MAX_LENGTH,
} from '../constants.js';
import { PASTE_LANGUAGES } from '../languages.js';
import { PASTE_MESSAGES } from '../messages.js';
import { encryptionFields, sealedLineTableField } from './paste.js';
import { tagsField } from './tags.js';
import { storedText } from './text.js';

export { UPLOAD_MESSAGES } from '../messages.js';

const count = (max: number) => z.number().int().min(1).max(max);

/** POST /api/pastes/upload/init: the paste's options, and how much is coming. */
export const initUploadBodySchema = z.object({
  totalChunks: count(1_000_000),
  totalSize: count(Number.MAX_SAFE_INTEGER),
  title: storedText(TITLE_MAX_LENGTH, PASTE_MESSAGES.titleTooLong).optional().default(''),
  privacy: z.enum(PRIVACIES).default('public'),
  password: z.string().max(200).optional().default(''),
  expiration: z.enum(EXPIRATIONS).default('1d'),
  burnAfterReading: z.boolean().optional().default(false),
  language: z.enum(PASTE_LANGUAGES).nullish(),
  /** The paste's tags (absent: none); not with an encrypted upload. */
  tags: tagsField.optional(),
  /** Optional (default 40 MiB, the spec's): smaller for proxies with body limits, larger for speed. */
  chunkSize: z
    .number()
    .int()
    .min(CHUNK_SIZE_MIN_BYTES, `chunkSize: at least ${CHUNK_SIZE_MIN_BYTES} bytes (5 MiB)`)
    .max(CHUNK_SIZE_MAX_BYTES, `chunkSize: at most ${CHUNK_SIZE_MAX_BYTES} bytes (100 MiB)`)
    .optional(),
  /** The chunks are a pse1 stream cut at chunkSize, checked at assembly. */
  ...encryptionFields(),
});
export type InitUploadInput = z.output<typeof initUploadBodySchema>;

/** An upload id as the server hands them out (32 URL-safe characters). */
export const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'uploadId: not an upload id');
export const uploadRefBodySchema = z.object({ uploadId: uploadIdSchema });
/**
 * POST /api/pastes/upload/finalize. An encrypted upload may bring its line table, sealed under
 * the paste's key (a pse1 stream, standard base64), so its readers need not count its lines.
 */
export const finalizeUploadBodySchema = z.object({
  uploadId: uploadIdSchema,
  sealedLineTable: sealedLineTableField,
});
export const uploadParams = z.object({ uploadId: uploadIdSchema });

/** The chunk form's fields (multipart text fields, so the index arrives as a string). */
export const chunkFieldsSchema = z.object({
  uploadId: uploadIdSchema,
  chunkIndex: z
    .string()
    .regex(/^\d{1,7}$/, 'chunkIndex: a whole number from 0')
    .transform(Number),
});
