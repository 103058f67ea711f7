import type { Expiration, Privacy } from '../../../common/constants.js';
import type { PasteLanguage } from '../../../common/languages.js';

// Chunked uploads.

/** Receiving chunks, then (after finalize) assembling once, by whichever instance holds the lease. */
/** `done`: assembled; kept a day so a repeated finalize still answers its paste. */
export type UploadStatus = 'receiving' | 'assembling' | 'done' | 'failed';

export interface UploadSessionsTable {
  id: string;
  user_id: number;
  total_chunks: number;
  total_size: number;
  /** Every chunk but the last is exactly this long (40 MiB unless the client chose another size). */
  chunk_size: number;
  title: string | null;
  privacy: Privacy;
  password_hash: string | null;
  expiration: Expiration;
  burn_after_reading: number;
  language: PasteLanguage | null;
  /** Where the assembled content goes; invisible there until assembly completes it. */
  blob_key: string;
  /** The blob store's reference for the upload in parts (S3: its multipart UploadId). */
  store_ref: string;
  status: UploadStatus;
  /** Set once, by finalize: finalize again answers the same paste. */
  paste_id: string | null;
  /** 0–100 while assembling. */
  progress: number;
  /** Hex sha256 of the assembled file, once done. */
  sha256: string | null;
  /** The assembling instance holds the session until then; past it, another may take over. */
  lease_until: number | null;
  /** Why assembly failed (shown to the uploader). */
  error: string | null;
  created_at: number;
  updated_at: number;
  /** As on pastes: the chunks are a pse1 stream, checked structurally at assembly. */
  encryption: number | null;
  sealed_title: string | null;
  /** The paste's tags, space-separated (null: none), written with it at finalize. */
  tags: string | null;
}

export interface UploadChunksTable {
  upload_id: string;
  chunk_index: number;
  /** The store's tag for the written chunk (S3: the part's ETag); empty while it is written. */
  tag: string;
  /** `writing` from before its first byte until it is whole; finalize waits for none to be. */
  state: 'writing' | 'written';
  created_at: number;
}
