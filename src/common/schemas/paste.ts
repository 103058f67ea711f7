import { z } from 'zod';
import { EXPIRATIONS, PRIVACIES, SEALED_LINE_TABLE_MAX_LENGTH, TITLE_MAX_LENGTH } from '../constants.js';
import { PASTE_LANGUAGES } from '../languages.js';
import { PASTE_MESSAGES } from '../messages.js';
import { contentOrFiles, pasteFilesField } from './paste-files.js';
import { tagsField } from './tags.js';
import { storedText } from './text.js';

// Messages live in the zod-free messages module so screens can use them without loading zod.
export { PASTE_MESSAGES, tooLargeMessage } from '../messages.js';

import type { PasteView } from './responses.js';

export type { CreatePasteResult, PasteView, TopPaste, TopUser } from './responses.js';

/**
 * End-to-end encryption, on a JSON create and a chunked upload's init: `encrypted`
 * content is a pse1 stream (JSON: its standard base64) and the title comes only sealed. Whether
 * the two go together, and the stream's shape, the server checks (see encrypted-content.ts).
 */
export function encryptionFields() {
  return {
    encrypted: z.boolean().optional(),
    /**
     * The title sealed in pse1 under the paste's key, as base64url (at most SEALED_TITLE_MAX_LENGTH
     * characters: checked with the rest, so the answer carries the contract's message).
     */
    sealedTitle: z.string().optional(),
  };
}

/**
 * An encrypted paste's line table sealed under its key (a pse1 stream, standard base64), on a JSON
 * create and an upload's finalize, so its readers need not decrypt it whole to find its lines.
 */
export const sealedLineTableField = z
  .string()
  .max(SEALED_LINE_TABLE_MAX_LENGTH, PASTE_MESSAGES.lineTableInvalid)
  .optional();

/** A create's fields but its content: the multipart form and the v1 raw body carry the content apart. */
export const createPasteFieldsSchema = z.object({
  title: storedText(TITLE_MAX_LENGTH, PASTE_MESSAGES.titleTooLong).optional().default(''),
  privacy: z.enum(PRIVACIES).default('public'),
  expiration: z.enum(EXPIRATIONS).default('1d'),
  burnAfterReading: z.boolean().optional().default(false),
  password: z.string().max(200).optional().default(''),
  /** A language id or 'plaintext'; absent = detected when shown. */
  language: z.enum(PASTE_LANGUAGES).nullish(),
  /** A public paste whose text looks like it holds credentials is refused (409) instead of made. */
  checkSecrets: z.boolean().optional().default(false),
  /** The id of the paste this one is a fork of: a public or unlisted paste the creator can read. */
  forkedFrom: z.string().min(1).max(32).optional(),
  ...encryptionFields(),
  sealedLineTable: sealedLineTableField,
  /** Its tags (absent: none). */
  tags: tagsField.optional(),
});

/** A JSON create: the text as `content`, or several files as `files` (never both). */
export const createPasteBodySchema = createPasteFieldsSchema
  .extend({ content: z.string().optional(), files: pasteFilesField.optional() })
  .superRefine(contentOrFiles);
export type CreatePasteBody = z.input<typeof createPasteBodySchema>;
export type CreatePasteInput = z.output<typeof createPasteBodySchema>;

/**
 * PUT /api/pastes/:id: the author's new revision. Title and language absent = kept;
 * privacy, password and expiry are not an edit's to change.
 */
export const editPasteBodySchema = z
  .strictObject({
    title: storedText(TITLE_MAX_LENGTH, PASTE_MESSAGES.titleTooLong).optional(),
    /** The new text, or (exclusive) the new files: an edit may turn one file into several, or back. */
    content: z.string().optional(),
    files: pasteFilesField.optional(),
    language: z.enum(PASTE_LANGUAGES).nullish(),
    /**
     * The revision this edit was made from: if the paste has moved on since, the edit is refused
     * (409) instead of silently replacing the newer text. Absent = edit whatever is newest.
     */
    baseRevision: z.number().int().min(1).optional(),
    /** As on create: a public paste whose new text looks like it holds credentials is refused. */
    checkSecrets: z.boolean().optional().default(false),
    /** Its tags from now on (absent: kept as they are; [] removes them all). */
    tags: tagsField.optional(),
  })
  .superRefine(contentOrFiles);
export type EditPasteBody = z.input<typeof editPasteBodySchema>;
export type EditPasteInput = z.output<typeof editPasteBodySchema>;

export const verifyPasteBodySchema = z.object({ password: z.string().max(200) });
/** An author's request that staff delete their paste. */
export const deletionRequestBodySchema = z.object({ reason: storedText(2000) });

export const reportBodySchema = z.object({
  reason: storedText(2000),
  /**
   * Encrypted pastes only: the reporter hands the paste's key (43 base64url characters) to staff,
   * kept sealed until the report is decided. Checked by the service, with the contract's messages.
   */
  sharedKey: z.string().optional(),
});

/** A view the viewer may read: the size fields are there. */
export type ReadablePasteView = PasteView &
  Required<Pick<PasteView, 'isExtreme' | 'contentSizeMB' | 'sizeBytes'>>;

export const TOP_PERIODS = ['all-time', 'weekly', 'monthly'] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];

/** Milliseconds each expiration adds to the creation time; null = never by time. */
export const EXPIRATION_MS: Record<(typeof EXPIRATIONS)[number], number | null> = {
  '1h': 3_600_000,
  '1d': 86_400_000,
  '1w': 7 * 86_400_000,
  '1m': 30 * 86_400_000,
  '3m': 90 * 86_400_000,
  '6m': 180 * 86_400_000,
  unlimited: null,
  burn: null,
};
