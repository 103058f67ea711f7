import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_CREATE_MAX_BYTES } from '../../../common/constants.js';
import { GENERIC_MESSAGES } from '../../../common/messages.js';
import { idParams, pageParam, searchParam } from '../../../common/schemas/paging.js';
import {
  createPasteBodySchema,
  editPasteBodySchema,
  PASTE_MESSAGES,
  verifyPasteBodySchema,
} from '../../../common/schemas/paste.js';
import { AppError } from '../../errors.js';
import { type Delivery, parseRange } from './paste-delivery.js';
import { PASTE_FORM_LIMITS, readPasteForm } from './paste-form.js';
import { pasteLinesRoutes } from './paste-lines.routes.js';
import type { ReadCredentials } from './paste-reader.js';
import { presentPasteListItem } from './pastes.presenter.js';
import { viewerOf } from './viewer.js';

const JSON_TYPE = 'application/json; charset=utf-8';
/** `reveal=false`: the web page's first read, which must not destroy a burn paste (see Viewer.burn). */
const viewQuery = z.object({
  reveal: z.enum(['true', 'false']).optional(),
  access: z.string().max(500).optional(),
});
const accessQuery = viewQuery.pick({ access: true });
const revisionParams = idParams.extend({ n: z.coerce.number().int().min(1).max(1_000_000) });

export const pastesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pastes, pasteDelivery } = app.services;
  const pub = { access: 'public' } as const;

  await app.register(createPasteRoute);

  app.get(
    '/api/pastes/:id',
    { config: pub, schema: { params: idParams, querystring: viewQuery } },
    async (request, reply) => {
      const viewer = viewerOf(request, { holdBurn: request.query.reveal === 'false' });
      // `access`: the grant an earlier verify gave (a protected paste stays open for its hour).
      const json = await pastes.viewJson(request.params.id, viewer, { grant: request.query.access });
      return reply.type(JSON_TYPE).send(json);
    },
  );

  app.post(
    '/api/pastes/:id/verify',
    { config: pub, schema: { params: idParams, body: verifyPasteBodySchema } },
    async (request, reply) => {
      const json = await pastes.viewJson(request.params.id, viewerOf(request), {
        password: request.body.password,
      });
      return reply.type(JSON_TYPE).send(json);
    },
  );

  app.post(
    '/api/pastes/:id/confirm-view',
    { config: pub, schema: { params: idParams, body: z.unknown().optional() } },
    async (request) => pastes.confirmView(request.params.id),
  );

  /** A grant (`?access=`) or the password (X-Paste-Password) a raw or download request carries. */
  function credentialsOf(request: FastifyRequest): ReadCredentials {
    const query = request.query as { access?: unknown };
    const password = request.headers['x-paste-password'];
    return {
      grant: typeof query.access === 'string' ? query.access : undefined,
      password: typeof password === 'string' ? password : undefined,
    };
  }

  async function deliver(
    request: FastifyRequest,
    reply: FastifyReply,
    d: Delivery,
    disposition: 'inline' | 'attachment',
  ) {
    const range = d.rangeAllowed ? parseRange(request.headers.range, d.size) : null;
    if (range === 'unsatisfiable') {
      throw new AppError('RANGE_NOT_SATISFIABLE', 'Requested range not satisfiable', {
        'Content-Range': `bytes */${d.size}`,
      });
    }
    // filename= for old clients, in ASCII (a header cannot carry more); filename*= the real name.
    const stripped = d.filename.normalize('NFKD').replace(/[^\x20-\x7e]|["\\]/g, '');
    const ascii = stripped.startsWith('.') || !stripped ? `paste${stripped}` : stripped;
    reply
      .type(d.contentType)
      .header(
        'Content-Disposition',
        `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(d.filename)}`,
      )
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      // Never cached: expiry and burn hold at every request (/raw/ is outside the API's defaults).
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Accept-Ranges', d.rangeAllowed ? 'bytes' : 'none');
    if (range) {
      reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${d.size}`)
        .header('Content-Length', range.end - range.start + 1);
    } else {
      reply.header('Content-Length', d.size);
    }
    // HEAD: the headers a GET would get, no body, nothing claimed or counted.
    if (request.method === 'HEAD') return reply.send();
    reply.raw.once('finish', () => {
      if (!range) void d.delivered().catch((err) => request.log.error({ err }, 'after-delivery step failed'));
    });
    return reply.send(await d.open(range ?? undefined));
  }

  // HEAD is declared, not left to Fastify's generated route, which would open and drain the body
  // and replace our Content-Length with the empty body's.
  const contentRoutes = [
    { url: '/api/pastes/:id/download', disposition: 'attachment', config: pub },
    { url: '/api/pastes/:id/raw', disposition: 'inline', config: pub },
    { url: '/raw/:id', disposition: 'inline', config: undefined },
  ] as const;
  for (const { url, disposition, config } of contentRoutes) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      config,
      schema: { params: idParams },
      handler: async (request, reply) => {
        const d = await pasteDelivery.open(request.params.id, viewerOf(request), credentialsOf(request));
        return deliver(request, reply, d, disposition);
      },
    });
  }

  await app.register(revisionRoutes, { deliver, credentialsOf });
  await app.register(pasteLinesRoutes);
};

/**
 * Edits and revisions (issue 23): the author's PUT, and every revision's view, raw and download
 * under the paste's own read rules (paste-revisions.service).
 */
const revisionRoutes: FastifyPluginAsyncZod<{
  deliver: (
    r: FastifyRequest,
    reply: FastifyReply,
    d: Delivery,
    disposition: 'inline' | 'attachment',
  ) => unknown;
  credentialsOf: (r: FastifyRequest) => ReadCredentials;
}> = async (app, { deliver, credentialsOf }) => {
  const { pasteRevisions, pasteDelivery } = app.services;
  const pub = { access: 'public' } as const;

  app.put(
    '/api/pastes/:id',
    {
      config: { access: 'signed-in', apiKey: true, jsonTooLargeMessage: PASTE_MESSAGES.editTooLarge },
      // Room for 10 MB of text however JSON escapes it; the service measures the text itself.
      bodyLimit: JSON_CREATE_MAX_BYTES,
      schema: { params: idParams, body: editPasteBodySchema },
    },
    async (request) => {
      await pasteRevisions.admitEdit(request.user!);
      return pasteRevisions.edit(request.params.id, request.body, request.user!);
    },
  );

  app.get(
    '/api/pastes/:id/revisions',
    { config: pub, schema: { params: idParams, querystring: accessQuery } },
    async (request) => ({
      revisions: await pasteRevisions.list(request.params.id, viewerOf(request), credentialsOf(request)),
    }),
  );

  app.get(
    '/api/pastes/:id/revisions/:n',
    { config: pub, schema: { params: revisionParams, querystring: accessQuery } },
    async (request) =>
      pasteRevisions.read(request.params.id, request.params.n, viewerOf(request), credentialsOf(request)),
  );

  const revisionContent = [
    { url: '/api/pastes/:id/revisions/:n/download', disposition: 'attachment' },
    { url: '/api/pastes/:id/revisions/:n/raw', disposition: 'inline' },
  ] as const;
  for (const { url, disposition } of revisionContent) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      config: pub,
      schema: { params: revisionParams, querystring: accessQuery },
      handler: async (request, reply) => {
        const { id, n } = request.params;
        const d = await pasteDelivery.openRevision(id, n, viewerOf(request), credentialsOf(request));
        return deliver(request, reply, d, disposition);
      },
    });
  }
};

/**
 * POST /api/pastes, as JSON or multipart/form-data. In a scope of its own so the multipart parser
 * exists for this route only; every other route still takes JSON alone.
 */
const createPasteRoute: FastifyPluginAsyncZod = async (app) => {
  const { pastes } = app.services;
  await app.register(multipart, { limits: PASTE_FORM_LIMITS });
  app.post(
    '/api/pastes',
    {
      config: { access: 'public', jsonTooLargeMessage: PASTE_MESSAGES.createJsonTooLarge },
      // Up to the chunked-upload threshold (issue 19 #9); the site's own size limit is the service's.
      // The shape guard refuses nesting bombs before the body is parsed; parsing a large body gets
      // event-loop turns of its own (plugins/body-parsing.ts).
      bodyLimit: JSON_CREATE_MAX_BYTES,
      // Absent for multipart: the form is read, and validated by the same schema, in the handler.
      schema: { body: createPasteBodySchema.nullish() },
    },
    async (request, reply) => {
      const actor = { user: request.user, ip: request.ip };
      await pastes.admitCreate(actor);
      const input = request.isMultipart()
        ? await readPasteForm(request, { receive: pastes.receiveContent, discard: pastes.discardReceived })
        : request.body;
      if (!input) throw new AppError('INVALID_JSON', GENERIC_MESSAGES.invalidJson);
      const created = await pastes.create(input, actor);
      app.services.metrics.pastesCreated.inc({
        way: request.isMultipart() ? 'multipart' : 'json',
        privacy: input.privacy ?? 'public',
      });
      return reply.code(201).send(created);
    },
  );
};

const myPastesQuery = z.object({ page: pageParam, search: searchParam });

/** The signed-in user's own pastes, paged, without content. */
export const myPastesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-pastes',
    { config: { access: 'signed-in' }, schema: { querystring: myPastesQuery } },
    async (request) => {
      const r = await app.services.pastes.listForOwner(request.user!.id, { ...request.query, pageSize: 10 });
      return {
        pastes: r.rows.map(presentPasteListItem),
        page: r.page,
        totalPages: r.totalPages,
        total: r.total,
      };
    },
  );
};
