import { z } from 'zod';
import { FILE_NAME_MAX_LENGTH, PASTE_FILES_MAX } from '../constants.js';
import { PASTE_LANGUAGES } from '../languages.js';
import { PASTE_FILE_MESSAGES } from '../messages/pastes.js';

// Control characters (C0, DEL, C1) and the two path separators: a name is one file, never a path.
const FORBIDDEN_IN_NAME = /[\p{Cc}/\\]/u;

/** Whether `name` (as sent) names a file: checked after trimming, as it is stored. */
export function isValidFileName(name: string): boolean {
  const trimmed = name.trim();
  return (
    trimmed.length >= 1 &&
    trimmed.length <= FILE_NAME_MAX_LENGTH &&
    trimmed !== '.' &&
    trimmed !== '..' &&
    !FORBIDDEN_IN_NAME.test(trimmed)
  );
}

/** The key two names may not share: names are unique without regard to case. */
export const fileNameKey = (name: string) => name.trim().normalize('NFC').toLowerCase();

/** One file of a create or an edit. `language` absent = from the name's extension, else detected. */
export const pasteFileInputSchema = z.object({
  name: z.string().refine(isValidFileName, PASTE_FILE_MESSAGES.badName),
  content: z.string(),
  language: z.enum(PASTE_LANGUAGES).nullish(),
});
export type PasteFileInput = z.output<typeof pasteFileInputSchema>;

/** `files` of a create or an edit: 1 to PASTE_FILES_MAX, names unique case-insensitively. */
export const pasteFilesField = z
  .array(pasteFileInputSchema)
  .min(1, PASTE_FILE_MESSAGES.none)
  .max(PASTE_FILES_MAX, PASTE_FILE_MESSAGES.tooMany)
  .refine(
    (files) => new Set(files.map((f) => fileNameKey(f.name))).size === files.length,
    PASTE_FILE_MESSAGES.duplicateName,
  );

/**
 * `content` and `files` are exclusive and one of them is needed: a check on the whole body (the
 * body schemas stay plain objects, so the multipart and raw creates can still pick their fields).
 */
export function contentOrFiles(
  body: { content?: string | undefined; files?: unknown[] | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.content !== undefined && body.files !== undefined) {
    ctx.addIssue({ code: 'custom', message: PASTE_FILE_MESSAGES.contentOrFiles, path: ['files'] });
  } else if (body.content === undefined && body.files === undefined) {
    ctx.addIssue({ code: 'custom', message: PASTE_FILE_MESSAGES.contentRequired, path: ['content'] });
  }
}

/** One file of a paste (or a revision) as read: `content` absent where the paste's content is. */
export const pasteFileViewSchema = z.strictObject({
  name: z.string(),
  language: z.enum(PASTE_LANGUAGES).nullable(),
  /** Its UTF-8 bytes. */
  size: z.number().int().min(0),
  content: z.string().optional(),
});
export type PasteFileView = z.infer<typeof pasteFileViewSchema>;

/** A stored manifest: `[{ name, language, bytes }]`, 1 to PASTE_FILES_MAX files. */
const manifestSchema = z
  .array(
    z.strictObject({
      name: z.string().refine(isValidFileName),
      language: z.enum(PASTE_LANGUAGES).nullable(),
      bytes: z.number().int().min(0),
    }),
  )
  .min(1)
  .max(PASTE_FILES_MAX);

/** A manifest column in a backup: its JSON text, checked like what a create stores; absent = null. */
export const backupManifest = z
  .string()
  // 20 names of 100 characters, quoted, with their languages and sizes, fit well within it.
  .max(16_000)
  .refine((json) => {
    try {
      return manifestSchema.safeParse(JSON.parse(json)).success;
    } catch {
      return false;
    }
  }, 'files: not a list of files')
  .nullable()
  .optional()
  .default(null);
