import type { Generated } from 'kysely';
import type { Expiration, HoldReason, Privacy } from '../../../common/constants.js';
import type { PasteLanguage } from '../../../common/languages.js';

// Pastes, their revisions, tags, search documents and burned notes.

/** A paste is `processing` while a chunked upload is assembled, `failed` if assembly gave up. */
export type PasteStatus = 'ready' | 'processing' | 'failed';

export interface PastesTable {
  id: string;
  title: string | null;
  /** Content kept in the row when small; null when it lives in the blob store. */
  content: string | null;
  blob_key: string | null;
  size_bytes: number;
  privacy: Privacy;
  password_hash: string | null;
  expiration: Expiration;
  expires_at: number | null;
  burn_after_reading: number;
  /** Burn pastes: when a reader claimed the content (then it is deleted on confirm or after a grace period). */
  burn_claimed_at: number | null;
  /** Hash of the anonymous creator's token, so the creator's own view does not burn the paste. */
  creator_token_hash: string | null;
  /** 'ready' | 'processing' | 'failed' — chunked uploads are 'processing' until assembled. */
  status: PasteStatus;
  /** Chosen when created; null = detected when shown. */
  language: PasteLanguage | null;
  view_count: number;
  user_id: number | null;
  created_at: number;
  /** Claimed by a sweeper run (epoch ms) so two processes never delete the same rows. */
  sweep_claimed_at: number | null;
  /** How many revisions the paste has (1 until its author edits it); the row holds the newest. */
  revision_count: Generated<number>;
  /** When the newest revision was saved; null = never edited. */
  edited_at: number | null;
  /** The paste this one was forked from (kept after the source is gone; shown while it lives). */
  forked_from: string | null;
  /** The envelope of end-to-end encrypted content (1 = pse1, bytes in the blob store); null = plain text. */
  encryption: number | null;
  /** Encrypted pastes: the title sealed in the browser (base64url pse1); `title` holds a placeholder. */
  sealed_title: string | null;
  /** Why the paste waits for a moderator (modules/safety); null = not held. */
  held_reason: HoldReason | null;
  /** When it was held (the queue's oldest item); null = not held. */
  held_at: number | null;
  /** The address it was created from (null for pastes made before it was kept). */
  creator_ip: Generated<string | null>;
  /** SHA-256 of a public plain paste's text while the identical-paste hold is on; else null. */
  content_hash: Generated<string | null>;
  /** A multi-file paste's manifest (JSON, see paste-files.ts); null = one file. */
  files: Generated<string | null>;
}

/** One saved revision of an edited paste (revision 1 is the original). */
export interface PasteRevisionsTable {
  paste_id: string;
  number: number;
  title: string | null;
  language: PasteLanguage | null;
  /** Digest of the content: the key into paste_revision_contents. */
  sha256: string;
  size_bytes: number;
  /** Against the revision before (0 and the line count for revision 1). */
  lines_added: number;
  lines_removed: number;
  created_at: number;
  /** The revision's manifest when it held several files (as pastes.files); null = one file. */
  files: Generated<string | null>;
}

/** A revision's text, stored once per paste and digest: inline when small, else a blob. */
export interface PasteRevisionContentsTable {
  paste_id: string;
  sha256: string;
  content: string | null;
  blob_key: string | null;
  size_bytes: number;
}

/** A burn paste that was read: when, and whose it was (so only its creator learns it). */
export interface BurnedPastesTable {
  id: string;
  burned_at: number;
  user_id: number | null;
  creator_token_hash: string | null;
  /** Deleted by the sweeper after this (a week). */
  forget_at: number;
}

/** One tag of a paste (see TAG_PATTERN); gone with the paste. */
export interface PasteTagsTable {
  paste_id: string;
  tag: string;
}

/**
 * A paste's search document (migration 021, modules/search/search-index). Its words live in
 * `document` (a tsvector) on PostgreSQL, and on SQLite in the FTS5 table `paste_search_fts`, whose
 * rowid is `doc_id`; each dialect has only its own of the two columns.
 */
export interface PasteSearchTable {
  paste_id: string;
  doc_id: Generated<number>;
  document: Generated<string>;
  /** PostgreSQL: the title's words alone (ranking). */
  title_document: Generated<string>;
}
