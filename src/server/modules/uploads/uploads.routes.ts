import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHUNK_SIZE_MAX_BYTES, SEALED_LINE_TABLE_MAX_LENGTH } from '../../../common/constants.js';
import { idParams } from '../../../common/schemas/paging.js';
import {
  chunkFieldsSchema,
  finalizeUploadBodySchema,
  initUploadBodySchema,
  UPLOAD_MESSAGES,
  uploadParams,
  uploadRefBodySchema,
} from '../../../common/schemas/upload.js';
import { AppError, badRequest } from '../../errors.js';
import { BlobTooLargeError, byteLimit } from '../../infra/blob-store/index.js';
import type { UploadsService } from './uploads.service.js';

/** Session or API key; the spec's own 401 text for a visitor. */
const uploader = {
  access: 'signed-in',
  apiKey: true,
  tokenScope: 'pastes:write',
  signInMessage: UPLOAD_MESSAGES.signInRequired,
} as const;

/** The chunked upload calls (spec §7) and the assembly progress of the paste they make. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploads, pastes } = app.services;

  app.post(
    '/api/pastes/upload/init',
    { config: uploader, schema: { body: initUploadBodySchema } },
    async (request) => {
      await pastes.admitCreate({ user: request.user, ip: request.ip });
      return uploads.init(request.user!, request.body);
    },
  );

  app.post(
    '/api/pastes/upload/finalize',
    {
      config: uploader,
      schema: { body: finalizeUploadBodySchema },
      bodyLimit: SEALED_LINE_TABLE_MAX_LENGTH + 1024,
    },
    (request, reply) =>
      uploads
        .finalize(request.user!, request.body.uploadId, request.body.sealedLineTable)
        .then((r) => reply.code(201).send(r)),
  );

  app.post(
    '/api/pastes/upload/cancel',
    { config: uploader, schema: { body: uploadRefBodySchema } },
    (request) => uploads.cancel(request.user!, request.body.uploadId),
  );

  app.get(
    '/api/pastes/upload/:uploadId',
    { config: uploader, schema: { params: uploadParams } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return uploads.status(request.user!, request.params.uploadId);
    },
  );

  app.get(
    '/api/pastes/:id/assembly-progress',
    { config: { access: 'public' }, schema: { params: idParams } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return uploads.progress(request.params.id);
    },
  );

  await app.register(chunkRoute);
};

/** Text fields and the one file part; busboy stops a part one byte past the chunk size. */
const chunkFormLimits = (chunkSize: number) => ({
  fields: 2,
  fieldSize: 100,
  files: 1,
  parts: 3,
  headerPairs: 20,
  fileSize: chunkSize + 1,
});

/**
 * POST /api/pastes/upload/chunk (multipart: chunk, uploadId, chunkIndex), in a scope of its own
 * so the multipart parser exists for it alone. Each request counts against the account's rate
 * first. When uploadId and chunkIndex come before the file (our web app and the API page's script
 * send them so), the session is checked before the first byte and the chunk streams straight to
 * its place; when the file comes first (the spec lists it first), it is spooled to a temporary
 * file, only for an account with an upload receiving chunks, and written from there.
 */
const chunkRoute: FastifyPluginAsyncZod = async (app) => {
  const { uploads, config } = app.services;
  const spoolDir = path.join(config.dataDir, 'tmp', 'chunks');
  const largestChunk = Math.max(uploads.chunkSize, CHUNK_SIZE_MAX_BYTES);
  await app.register(multipart, { limits: chunkFormLimits(largestChunk) });

  app.post('/api/pastes/upload/chunk', { config: uploader }, async (request) => {
    if (!request.isMultipart())
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.chunkPartMissing);
    await uploads.admitChunk(request.user!);
    return readChunkForm(request, uploads, spoolDir, largestChunk);
  });
};

async function readChunkForm(
  request: FastifyRequest,
  uploads: UploadsService,
  spoolDir: string,
  largestChunk: number,
) {
  const user = request.user!;
  const fields: Record<string, string> = {};
  let spooled: string | undefined;
  let result: Awaited<ReturnType<UploadsService['putChunk']>> | undefined;
  const parse = () => {
    const r = chunkFieldsSchema.safeParse(fields);
    if (!r.success) throw badRequest(r.error.issues[0]?.message ?? 'uploadId and chunkIndex are required');
    return r.data;
  };
  try {
    // A refused part's remaining bytes are drained before the answer (plugins/refused-body-drain.ts).
    for await (const part of request.parts()) {
      if (part.fieldname in fields || (part.fieldname === 'chunk' && (spooled || result))) {
        throw badRequest(`Repeated form field: ${part.fieldname}`);
      }
      if (part.type === 'field' && (part.fieldname === 'uploadId' || part.fieldname === 'chunkIndex')) {
        fields[part.fieldname] = String(part.value);
      } else if (part.type === 'file' && part.fieldname === 'chunk') {
        if ('uploadId' in fields && 'chunkIndex' in fields) {
          const { uploadId, chunkIndex } = parse();
          result = await uploads.putChunk(user, uploadId, chunkIndex, part.file);
        } else {
          await uploads.checkMayHoldChunk(user);
          spooled = await spool(part.file, spoolDir, largestChunk);
        }
      } else {
        throw badRequest(`Unknown form field: ${part.fieldname}`);
      }
    }
    if (result) return result;
    if (!spooled) throw badRequest(UPLOAD_MESSAGES.chunkPartMissing);
    const { uploadId, chunkIndex } = parse();
    return await uploads.putChunk(user, uploadId, chunkIndex, fs.createReadStream(spooled));
  } finally {
    if (spooled) await fsp.rm(spooled, { force: true });
  }
}

async function spool(source: NodeJS.ReadableStream, dir: string, chunkSize: number): Promise<string> {
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, randomBytes(12).toString('hex'));
  try {
    await pipeline(source, byteLimit(chunkSize), fs.createWriteStream(file, { flags: 'wx' }));
    return file;
  } catch (e) {
    await fsp.rm(file, { force: true });
    if (e instanceof BlobTooLargeError) throw badRequest(`Chunk is larger than ${chunkSize} bytes`);
    throw e;
  }
}
