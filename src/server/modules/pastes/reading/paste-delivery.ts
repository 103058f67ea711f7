import { Readable } from 'node:stream';
import { downloadFileName } from '../../../../common/languages.js';
import { PASTE_FILE_MESSAGES } from '../../../../common/messages.js';
import { PASTE_MESSAGES } from '../../../../common/schemas/paste.js';
import { AppError, notFound } from '../../../errors.js';
import type { BlobStore, ByteRange } from '../../../infra/blob-store/index.js';
import type { PasteRevisions } from '../../revisions/revisions.service.js';
import { isEncrypted } from '../encrypted-content.js';
import { findSpan, manifestOfRow } from '../paste-files.js';
import type { PastesService } from '../pastes.service.js';
import { fileWindow, zipOf } from './file-delivery.js';
import type { ReadCredentials, Viewer } from './paste-reader.js';
import { viewerKey } from './recent-viewers.js';
import type { ViewCounter } from './view-counter.js';

const TEXT_TYPE = 'text/plain; charset=utf-8';

interface Deps {
  blobs: BlobStore;
  pastes: PastesService;
  revisions: PasteRevisions;
  views: ViewCounter;
}

export interface Delivery {
  /** Bytes of the content as it will be sent; null when known only once sent (a ZIP). */
  size: number | null;
  /** Text, or the sealed bytes of an encrypted paste (application/octet-stream). */
  contentType: string;
  filename: string;
  /** Burn pastes are sent whole: a range would let a reader take them in pieces. */
  rangeAllowed: boolean;
  open(range?: ByteRange): Promise<Readable>;
  /** Called once the body was sent in full. */
  delivered(): Promise<void>;
}

/**
 * What a raw or download request asks of a paste: the content (`whole`; of a multi-file paste its
 * first file, and its download a ZIP of every file), or one file by name.
 */
export type DeliveryPart = { kind: 'raw' | 'download' } | { kind: 'file'; name: string };

/**
 * Raw and download responses: the read decision the JSON view takes (pastes.authorizeRead), with
 * content streamed from where it lives.
 */
export function createPasteDelivery({ blobs, pastes, revisions, views }: Deps) {
  return {
    async open(
      id: string,
      viewer: Viewer,
      credentials: ReadCredentials,
      part: DeliveryPart = { kind: 'raw' },
    ): Promise<Delivery> {
      const decision = await pastes.authorizeRead(id, viewer, credentials, 'bytes');
      if (decision.outcome === 'processing') throw new AppError('CONFLICT', PASTE_MESSAGES.stillProcessing);
      if (decision.outcome === 'locked') throw new AppError('UNAUTHORIZED', PASTE_MESSAGES.passwordProtected);
      const { row, isOwner, claimedBurn } = decision;
      const burn = row.burn_after_reading === 1 && !isOwner;
      const inline = row.content !== null ? Buffer.from(row.content, 'utf8') : null;
      // Content-Length comes from the bytes sent, never from the row: a size stored wrongly would
      // otherwise let the body spill into the next response on a kept-alive connection.
      const size = inline ? inline.length : await blobs.size(row.blob_key!);
      if (size === null) throw notFound(PASTE_MESSAGES.notFound);
      const encrypted = isEncrypted(row);
      const read = async (range?: ByteRange): Promise<Readable> => {
        // A held burn paste (HEAD) is answered with its headers only: nothing claimed, no body.
        if (decision.outcome === 'held')
          throw new Error('A burn paste that was not claimed has no body to send');
        if (inline) return Readable.from([range ? inline.subarray(range.start, range.end + 1) : inline]);
        return blobs.get(row.blob_key!, range);
      };
      const manifest = manifestOfRow(row);
      const name = part.kind === 'file' ? part.name : manifest?.[0]?.name;
      const span = manifest && name !== undefined ? findSpan(manifest, name) : null;
      if (part.kind === 'file' && !span) throw notFound(PASTE_FILE_MESSAGES.notFound);
      // A manifest that does not fit the stored bytes is never sent: it would cut wrong text.
      if (span && span.start + span.entry.bytes > size) throw notFound(PASTE_MESSAGES.notFound);
      const shape =
        manifest && manifest.length > 1 && part.kind === 'download'
          ? { ...zipOf(id, manifest, read, new Date(row.edited_at ?? row.created_at)), rangeAllowed: false }
          : span
            ? { ...fileWindow(read, span), rangeAllowed: !burn }
            : {
                size,
                contentType: encrypted ? 'application/octet-stream' : TEXT_TYPE,
                // The sealed bytes are a pse1 stream, whatever the language: named for what they are.
                filename: encrypted ? `${id}.pse1` : downloadFileName(row.title, id, row.language),
                rangeAllowed: !burn,
                open: read,
              };
      return {
        ...shape,
        async delivered() {
          if (!isOwner && viewer.countable)
            views.record(id, viewerKey(id, viewer.ip, viewer.user?.id ?? null));
          if (claimedBurn) await pastes.confirmView(id);
        },
      };
    },

    /** One revision's bytes: ranges allowed (never a burn paste), no view counted. */
    async openRevision(
      id: string,
      number: number,
      viewer: Viewer,
      credentials: ReadCredentials,
    ): Promise<Delivery> {
      const revision = await revisions.open(id, number, viewer, credentials);
      return { ...revision, contentType: TEXT_TYPE, rangeAllowed: true, delivered: async () => {} };
    },
  };
}

export type PasteDelivery = ReturnType<typeof createPasteDelivery>;

/** Parses a single `bytes=` range; null for none or an unsatisfiable one (the caller answers 416). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}
