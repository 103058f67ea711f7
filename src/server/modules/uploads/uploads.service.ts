import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ENCRYPTED_TITLE_PLACEHOLDER, ENCRYPTION_PSE1 } from '../../../common/constants.js';
import {
  chunkCountMessage,
  chunkSizeMessage,
  GENERIC_MESSAGES,
  UPLOAD_MESSAGES,
} from '../../../common/messages.js';
import type { InitUploadInput } from '../../../common/schemas/upload.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { BlobPartSizeError, type BlobStore, newBlobKey } from '../../infra/blob-store/index.js';
import type { Metrics } from '../../infra/metrics/metrics.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken } from '../../lib/tokens.js';
import type { LineIndexes } from '../line-index/line-index-store.js';
import { checkEncryptionOptions, isEncrypted, sealedLineTableFor } from '../pastes/encrypted-content.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { type AssemblerDeps, createAssembler } from './assembler.js';
import { MAX_OPEN_UPLOADS, UPLOAD_IDLE_MS } from './upload-limits.js';
import { createUploadStatus } from './upload-status.js';
import * as repo from './uploads.repository.js';

export { MAX_OPEN_UPLOADS, UPLOAD_IDLE_MS } from './upload-limits.js';

export interface UploadsOptions {
  /** 40 MiB (spec §9) unless the client chooses at init; smaller in tests only. */
  chunkSize: number;
  /** Bytes one account's unfinished uploads may hold (UPLOAD_BYTES_PER_ACCOUNT). */
  quotaBytes: number;
  /** A chunk write registered longer ago than this died with its instance (twice the request timeout). */
  writeStaleMs: number;
  /** Chunk requests one account may send per minute (UPLOAD_CHUNKS_PER_ACCOUNT_PER_MIN). */
  chunksPerMin: number;
  /** How long an assembling instance holds its session without renewing. */
  leaseMs: number;
  /** Tests only: a pause after each progress report, so an assembly can be caught mid-way. */
  assemblyPauseMs: number;
}

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  blobs: BlobStore;
  pastes: PastesService;
  /** The account's row lock, so one account's concurrent inits are counted one after another. */
  users: UsersService;
  /** Extreme pastes get their line index on the assembly's one read of the bytes. */
  lineIndexes: LineIndexes;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  options: UploadsOptions;
  metrics: Pick<Metrics, 'uploadBytes' | 'assemblyDuration' | 'assemblyTakeovers' | 'pastesCreated'>;
  /** The malware scan of each assembly (off when CLAMAV_URL is unset). */
  malware: AssemblerDeps['malware'];
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * Chunked upload (spec §4 "Large upload"): init reserves a session and the blob's place in the
 * store, chunks are written straight to their place (an offset in one file, or an S3 part),
 * finalize creates the paste in the processing state, and the assembly completes the blob, checks
 * it is text and makes the paste readable. Every state lives in the database, so any instance
 * can take any request and a dead instance's assembly is taken over when its lease runs out.
 */

export function createUploadsService(deps: Deps) {
  const { db, clock, blobs, pastes, users, lineIndexes, rateLimiter, log, options, metrics } = deps;
  const assembler = createAssembler(deps);
  const chunkRule = { name: 'upload-chunk-account', points: options.chunksPerMin, durationSec: 60 };
  const refusal = (why: 'too-many' | 'quota') =>
    new AppError(
      'RATE_LIMITED',
      why === 'too-many'
        ? GENERIC_MESSAGES.tooManyUploads
        : UPLOAD_MESSAGES.quotaExceeded(options.quotaBytes),
    );

  async function ownSession(user: UserRow, uploadId: string) {
    const s = await repo.findSession(db, uploadId);
    if (!s || s.user_id !== user.id || clock.now() - s.updated_at > UPLOAD_IDLE_MS) {
      throw notFound(UPLOAD_MESSAGES.sessionNotFound);
    }
    return s;
  }

  /** Where chunk `index` of a session goes and its exact size, or a 400 for an index out of range. */
  async function expectChunk(user: UserRow, uploadId: string, index: number) {
    const s = await ownSession(user, uploadId);
    if (s.status !== 'receiving') throw conflict(UPLOAD_MESSAGES.alreadyFinalized);
    if (!Number.isInteger(index) || index < 0 || index >= s.total_chunks) {
      throw badRequest(`chunkIndex must be from 0 to ${s.total_chunks - 1}`);
    }
    const offset = index * s.chunk_size;
    return { session: s, offset, size: Math.min(s.chunk_size, s.total_size - offset) };
  }

  async function dropBytes(s: { blob_key: string; store_ref: string } | undefined): Promise<void> {
    if (s) await blobs.abortParts(s.blob_key, s.store_ref);
  }

  return {
    chunkSize: options.chunkSize,

    /**
     * Opens a session, if the account stays within MAX_OPEN_UPLOADS and its byte quota: checked
     * once cheaply, then again atomically with the insert (concurrent inits count in turn).
     */
    async init(user: UserRow, input: InitUploadInput): Promise<{ uploadId: string }> {
      const encrypted = checkEncryptionOptions(input);
      await pastes.checkAnnounced(input, user.role, input.totalSize);
      const chunkSize = input.chunkSize ?? options.chunkSize;
      const expected = Math.ceil(input.totalSize / chunkSize);
      if (input.totalChunks !== expected) {
        throw badRequest(chunkCountMessage(expected, input.totalSize, chunkSize));
      }
      const limits = { maxReceiving: MAX_OPEN_UPLOADS, maxBytes: options.quotaBytes };
      const held = await repo.heldBy(db, user.id);
      if (held.receiving >= limits.maxReceiving) throw refusal('too-many');
      if (held.bytes + input.totalSize > limits.maxBytes) throw refusal('quota');
      const id = randomToken(24);
      const blobKey = newBlobKey('pastes');
      const passwordHash = input.privacy === 'password' ? await hashPassword(input.password) : null;
      const storeRef = await blobs.startParts(blobKey, input.totalSize);
      const now = clock.now();
      let outcome: Awaited<ReturnType<typeof repo.insertSessionWithin>>;
      try {
        outcome = await db.transaction().execute(async (tx) => {
          await users.lockRow(user.id, tx);
          return repo.insertSessionWithin(
            tx,
            {
              id,
              user_id: user.id,
              total_chunks: input.totalChunks,
              total_size: input.totalSize,
              chunk_size: chunkSize,
              title: input.title.trim() || null,
              privacy: input.privacy,
              password_hash: passwordHash,
              expiration: input.expiration,
              burn_after_reading: input.burnAfterReading ? 1 : 0,
              language: input.language ?? null,
              blob_key: blobKey,
              store_ref: storeRef,
              status: 'receiving',
              paste_id: null,
              progress: 0,
              lease_until: null,
              error: null,
              created_at: now,
              updated_at: now,
              encryption: encrypted ? ENCRYPTION_PSE1 : null,
              sealed_title: encrypted ? input.sealedTitle! : null,
              tags: input.tags?.length ? input.tags.join(' ') : null,
            },
            limits,
          );
        });
      } catch (e) {
        await blobs.abortParts(blobKey, storeRef);
        throw e;
      }
      if (outcome !== 'inserted') {
        await blobs.abortParts(blobKey, storeRef);
        throw refusal(outcome);
      }
      return { uploadId: id };
    },

    /** Before a chunk request's body is read: the account's rate of chunk requests. */
    admitChunk: (user: UserRow) => rateLimiter.consume([[chunkRule, String(user.id)]]),

    /**
     * A file part that comes before the fields naming its upload must be kept aside until they
     * arrive: only for an account that has an upload receiving chunks at all.
     */
    async checkMayHoldChunk(user: UserRow): Promise<void> {
      if (!(await repo.hasReceiving(db, user.id))) throw notFound(UPLOAD_MESSAGES.sessionNotFound);
    },

    /**
     * Writes chunk `index` where it belongs. Until it is written whole it counts as missing, so a
     * chunk cut off mid-way is simply sent again; sent twice, the second replaces the first.
     */
    async putChunk(user: UserRow, uploadId: string, index: number, source: Readable) {
      const { session: s, offset, size } = await expectChunk(user, uploadId, index);
      // Registered before the first byte: once finalize has begun, no chunk can start.
      if (!(await repo.beginChunk(db, { uploadId, index, now: clock.now() }))) {
        await ownSession(user, uploadId);
        throw conflict(UPLOAD_MESSAGES.alreadyFinalized);
      }
      let tag: string;
      try {
        tag = await blobs.putPart(s.blob_key, s.store_ref, { index, offset, size }, source);
      } catch (e) {
        await repo.forgetChunk(db, uploadId, index);
        if (e instanceof BlobPartSizeError) throw badRequest(chunkSizeMessage(index, size));
        throw e;
      }
      if (!(await repo.recordChunk(db, { uploadId, index, tag, now: clock.now() }))) {
        throw notFound(UPLOAD_MESSAGES.sessionNotFound);
      }
      metrics.uploadBytes.inc(size);
      return { uploadId, chunkIndex: index, chunksReceived: await repo.countChunks(db, uploadId) };
    },

    /** All chunks in: the paste exists from now on (processing) and is assembled in the background. */
    async finalize(user: UserRow, uploadId: string, sealedLineTable?: string): Promise<{ id: string }> {
      let s = await ownSession(user, uploadId);
      const lineTable = sealedLineTableFor(isEncrypted(s), sealedLineTable);
      if (s.status === 'failed')
        throw new AppError('UPLOAD_FAILED', s.error ?? UPLOAD_MESSAGES.assemblyFailed);
      if (s.status === 'done' && s.paste_id) return { id: s.paste_id };
      if (s.status === 'receiving') {
        const now = clock.now();
        const outcome = await repo.markAssembling(db, {
          id: uploadId,
          pasteId: pastes.newId(),
          now,
          writingSince: now - options.writeStaleMs,
        });
        if (outcome === 'writing') throw conflict(UPLOAD_MESSAGES.chunkBeingWritten);
        if (outcome === 'missing') throw badRequest(UPLOAD_MESSAGES.notAllChunks);
        s = (await repo.findSession(db, uploadId)) ?? s;
        metrics.pastesCreated.inc({ way: 'chunked', privacy: s.privacy });
      }
      // Finalize again (or a race of two): the paste the first one made, made if a crash cut it short.
      const pasteId = s.paste_id;
      if (!pasteId) throw notFound(UPLOAD_MESSAGES.sessionNotFound);
      // Before the paste exists: its first reader finds the table there.
      if (lineTable) await lineIndexes.saveSealed(s.blob_key, lineTable);
      await pastes.createProcessing({
        id: pasteId,
        title: isEncrypted(s) ? ENCRYPTED_TITLE_PLACEHOLDER : s.title,
        privacy: s.privacy,
        passwordHash: s.password_hash,
        expiration: s.expiration,
        burnAfterReading: s.burn_after_reading === 1,
        userId: s.user_id,
        blobKey: s.blob_key,
        sizeBytes: s.total_size,
        language: s.language,
        sealedTitle: isEncrypted(s) ? s.sealed_title : null,
        tags: s.tags?.split(' ') ?? [],
      });
      assembler.start(uploadId);
      return { id: pasteId };
    },

    /** Drops an unfinished upload and its bytes. A finalized one is a paste now: delete that instead. */
    ...createUploadStatus({ db, clock, pastes, ownSession }),

    async cancel(user: UserRow, uploadId: string): Promise<{ cancelled: true }> {
      const s = await ownSession(user, uploadId);
      if (s.status === 'assembling' || s.status === 'done') throw conflict(UPLOAD_MESSAGES.alreadyFinalized);
      await dropBytes(await repo.deleteSession(db, { id: uploadId, userId: user.id, status: s.status }));
      return { cancelled: true };
    },

    /** Background: assemblies no instance holds (never started, or their instance died). */
    resumeAssemblies: () => assembler.resume(),

    /** Sessions still receiving chunks, across every account (the open-sessions metric). */
    openSessions: () => repo.countReceiving(db),

    /** Background: sessions idle for 24 h lose their bytes; failed and done ones are forgotten. */
    async collectAbandoned(): Promise<number> {
      const cutoff = clock.now() - UPLOAD_IDLE_MS;
      let collected = 0;
      for (const s of await repo.listIdleSessions(db, ['receiving', 'failed', 'done'], cutoff)) {
        const gone = await repo.deleteSession(db, { id: s.id, status: s.status, idleBefore: cutoff });
        if (gone && s.status === 'receiving') await dropBytes(gone);
        if (gone) collected++;
      }
      return collected;
    },

    /** Where the bytes of every upload session are, for `dropParts` once their rows are gone. */
    heldParts: () => repo.listAllParts(db),

    /** Drops the bytes of sessions whose rows were removed (a backup import replaced them). */
    async dropParts(parts: { blob_key: string; store_ref: string }[]): Promise<void> {
      for (const p of parts) {
        await dropBytes(p).catch((err) => log.warn({ err }, "could not drop an upload session's bytes"));
      }
    },

    /** Waits for assemblies this instance is running (tests, shutdown). */
    settled: () => assembler.settled(),
  };
}
