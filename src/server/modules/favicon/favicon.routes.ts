import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FAVICON_MAX_BYTES } from '../../../common/constants.js';
import { FAVICON_MESSAGES } from '../../../common/schemas/admin.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { auditContextOf } from '../audit/audit-context.js';
import { FAVICON_TYPES, type FaviconExt } from './favicon-type.js';

const FILE = /^([A-Za-z0-9_-]{22})\.(png|ico|jpg|svg)$/;

/**
 * The site's own favicon: uploaded by the admin (multipart field `favicon`, ≤ 1 MB, PNG, ICO, JPEG
 * or SVG by content), kept in the blob store, served at /favicon/<id>.<ext>. An SVG is served
 * with a policy that lets it run no script and load nothing.
 */
export const faviconRoutes: FastifyPluginAsyncZod = async (app) => {
  const { favicon } = app.services;
  await app.register(multipart, { limits: { files: 1, fields: 0, fileSize: FAVICON_MAX_BYTES, parts: 1 } });

  app.post('/api/upload/favicon', { config: { access: 'admin' } }, async (request) => {
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', FAVICON_MESSAGES.multipartOnly);
    const part = await request.file();
    if (part?.fieldname !== 'favicon') throw badRequest(FAVICON_MESSAGES.fileMissing);
    const bytes = await part.toBuffer();
    if (part.file.truncated || bytes.length > FAVICON_MAX_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', FAVICON_MESSAGES.tooLarge);
    }
    const faviconUrl = await favicon.store(bytes);
    await app.services.audit.record(auditContextOf(request), {
      action: 'favicon.update',
      target: { type: 'site', id: 'favicon' },
      details: { bytes: bytes.length },
    });
    return { faviconUrl };
  });

  app.get(
    '/favicon/:file',
    { schema: { params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const m = FILE.exec(request.params.file);
      if (!m) throw notFound();
      const found = await favicon.open(m[1]!, m[2] as FaviconExt);
      if (!found) throw notFound();
      reply
        .type(FAVICON_TYPES[m[2] as FaviconExt])
        .header('Content-Length', found.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('Content-Disposition', 'inline');
      return reply.send(found.stream);
    },
  );
};
