import { z } from 'zod';
import {
  EXPIRATIONS,
  HOLD_REASONS,
  PRIVACIES,
  SEALED_LINE_TABLE_MAX_LENGTH,
  SEALED_TITLE_MAX_LENGTH,
  TAG_PATTERN,
} from '../constants.js';
import { PASTE_LANGUAGES } from '../languages.js';
import { digest, flag, id, pasteId, text, time } from './backup-fields.js';
import { backupManifest } from './paste-files.js';

/** The backup's rows of pastes, their histories and tags, and the pastes an export found gone. */
export const PASTE_ROWS = {
  pastes: z.strictObject({
    id: pasteId,
    title: text(200).nullable(),
    content: z.string(),
    privacy: z.enum(PRIVACIES),
    password_hash: text(500).nullable(),
    expiration: z.enum(EXPIRATIONS),
    expires_at: time.nullable(),
    burn_after_reading: flag,
    burn_claimed_at: time.nullable(),
    creator_token_hash: text(200).nullable(),
    view_count: z.number().int().min(0),
    user_id: id.nullable(),
    created_at: time,
    /** Absent in backups made before languages were stored. */
    language: z.enum(PASTE_LANGUAGES).nullable().optional().default(null),
    /**
     * End-to-end encrypted: 1, and `content` is the standard base64 of the sealed
     * bytes. Absent in backups made before encryption.
     */
    encryption: z.literal(1).nullable().optional().default(null),
    sealed_title: text(SEALED_TITLE_MAX_LENGTH).nullable().optional().default(null),
    /**
     * An encrypted paste's line table as its creator sealed it (standard base64), kept beside the
     * content, not in a column. Absent in backups made before tables were kept.
     */
    sealed_line_table: text(SEALED_LINE_TABLE_MAX_LENGTH).nullable().optional().default(null),
    /** Revisions (1: never edited), the newest one's time, and the forked paste; absent in older backups. */
    revision_count: z.number().int().min(1).optional().default(1),
    edited_at: time.nullable().optional().default(null),
    forked_from: pasteId.nullable().optional().default(null),
    /** Held for review (Admin → Held): why and since when; absent in older backups. */
    held_reason: z.enum(HOLD_REASONS).nullable().optional().default(null),
    held_at: time.nullable().optional().default(null),
    /** The address it was created from; absent in backups made before it was kept. */
    creator_ip: text(45).nullable().optional().default(null),
    /** A multi-file paste's manifest (JSON); absent in backups made before files. */
    files: backupManifest,
  }),
  paste_revisions: z.strictObject({
    paste_id: pasteId,
    number: z.number().int().min(1),
    title: text(200).nullable(),
    language: z.enum(PASTE_LANGUAGES).nullable(),
    sha256: digest,
    size_bytes: z.number().int().min(0),
    lines_added: z.number().int().min(0),
    lines_removed: z.number().int().min(0),
    created_at: time,
    files: backupManifest,
  }),
  /** A revision's text, once per paste and digest; null: the paste's own (its newest revision's). */
  paste_revision_contents: z.strictObject({
    paste_id: pasteId,
    sha256: digest,
    content: z.string().nullable(),
  }),
  /** A paste's tag; absent in backups made before tags. */
  paste_tags: z.strictObject({ paste_id: pasteId, tag: z.string().regex(TAG_PATTERN) }),
  /**
   * clamd's verdict on an uploaded paste, with the paste (a held one stays explained); absent in
   * backups made before scanning.
   */
  malware_scans: z.strictObject({
    paste_id: pasteId,
    outcome: z.enum(['clean', 'infected', 'error']),
    signature: text(200).nullable(),
    scanned_bytes: z.number().int().min(0),
    partial: flag,
    scanned_at: time,
  }),
  gone_pastes: z.strictObject({ id: pasteId }),
} as const;
