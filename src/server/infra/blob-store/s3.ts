import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, BlobNotFoundError, type BlobStore, BlobTooLargeError } from './blob-store.js';
import { byteLimit, exactSize } from './local-disk.js';

export interface S3Options {
  bucket: string;
  /** Absent for AWS itself; the server's URL for any other S3-compatible store. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (http://host/bucket/key), which most self-hosted servers need. */
  forcePathStyle: boolean;
}

/** Part size of a streamed put of unknown length; memory per put is a few of these. */
const STREAM_PART_BYTES = 8 * 1024 * 1024;

const isMissing = (e: unknown) =>
  e instanceof Error && ['NoSuchKey', 'NotFound', 'NoSuchUpload'].includes(e.name);

/**
 * Blobs as objects in an S3-compatible bucket. Objects appear whole or not at all (S3's own
 * guarantee), so put needs no temp name; a blob written in parts is an S3 multipart upload.
 */
export function createS3Store(opts: S3Options): BlobStore {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Servers other than AWS reject or ignore the SDK's default CRC checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // S3 asks clients to back off and retry on 503 SlowDown; a few more tries than the default 3.
    maxAttempts: 6,
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  const at = (key: string) => {
    assertValidKey(key);
    return { Bucket, Key: key };
  };

  return {
    async put(key, source, { maxBytes = Number.POSITIVE_INFINITY } = {}) {
      const target = at(key);
      if (Buffer.isBuffer(source)) {
        if (source.length > maxBytes) throw new BlobTooLargeError(maxBytes);
        await client.send(new PutObjectCommand({ ...target, Body: source, ContentLength: source.length }));
        return source.length;
      }
      const limit = byteLimit(maxBytes);
      const done = pipeline(source, limit);
      // A failed part or an over-limit stream aborts the multipart upload: nothing is left behind.
      const upload = new Upload({ client, params: { ...target, Body: limit }, partSize: STREAM_PART_BYTES });
      await Promise.all([upload.done(), done]);
      return limit.bytes;
    },

    async get(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            ...at(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return out.Body as Readable;
      } catch (e) {
        if (isMissing(e)) throw new BlobNotFoundError(key);
        throw e;
      }
    },

    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand(at(key)))).ContentLength ?? 0;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand(at(key)));
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async startParts(key) {
      const out = await client.send(new CreateMultipartUploadCommand(at(key)));
      if (!out.UploadId) throw new Error('S3 CreateMultipartUpload returned no UploadId');
      return out.UploadId;
    },

    async putPart(key, ref, part, source) {
      const body = exactSize(part.size);
      const fed = pipeline(source, body);
      const [out] = await Promise.all([
        client.send(
          new UploadPartCommand({
            ...at(key),
            UploadId: ref,
            PartNumber: part.index + 1,
            Body: body,
            ContentLength: part.size,
          }),
        ),
        fed,
      ]);
      if (!out.ETag) throw new Error('S3 UploadPart returned no ETag');
      return out.ETag;
    },

    async completeParts(key, ref, parts) {
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            ...at(key),
            UploadId: ref,
            MultipartUpload: {
              Parts: [...parts]
                .sort((a, b) => a.index - b.index)
                .map((p) => ({ PartNumber: p.index + 1, ETag: p.tag })),
            },
          }),
        );
      } catch (e) {
        // Completed already (a second call after a crash between completion and bookkeeping).
        if (isMissing(e) && (await this.size(key)) !== null) return;
        if (isMissing(e)) throw new BlobNotFoundError(key);
        throw e;
      }
    },

    async abortParts(key, ref) {
      try {
        await client.send(new AbortMultipartUploadCommand({ ...at(key), UploadId: ref }));
      } catch (e) {
        if (!isMissing(e)) throw e;
      }
    },
  };
}
