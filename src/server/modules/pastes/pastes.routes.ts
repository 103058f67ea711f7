import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_CREATE_MAX_BYTES } from '../../../common/constants.js';
import { GENERIC_MESSAGES } from '../../../common/messages.js';
import { idParams, pageParam, searchParam } from '../../../common/schemas/paging.js';
import {
  createPasteBodySchema,
  PASTE_MESSAGES,
  verifyPasteBodySchema,
} from '../../../common/schemas/paste.js';
import { tagSchema } from '../../../common/schemas/tags.js';
import { AppError } from '../../errors.js';
import { PASTE_FORM_LIMITS, readPasteForm } from './paste-form.js';
import { presentPasteListItem } from './pastes.presenter.js';
import { credentialsOf, deliver } from './reading/content-reply.js';
import { pasteLinesRoutes } from './reading/paste-lines.routes.js';
import { viewerOf } from './reading/viewer.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const fileParams = idParams.extend({ name: z.string().min(1).max(1000) });
/** `reveal=false`: the web page's first read, which must not destroy a burn paste (see Viewer.burn). */
const viewQuery = z.object({
  reveal: z.enum(['true', 'false']).optional(),
  access: z.string().max(500).optional(),
});

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
    { config: { ...pub, notAWrite: true }, schema: { params: idParams, body: verifyPasteBodySchema } },
    async (request, reply) => {
      const json = await pastes.viewJson(request.params.id, viewerOf(request), {
        password: request.body.password,
      });
      return reply.type(JSON_TYPE).send(json);
    },
  );

  app.post(
    '/api/pastes/:id/confirm-view',
    { config: { ...pub, notAWrite: true }, schema: { params: idParams, body: z.unknown().optional() } },
    async (request) => pastes.confirmView(request.params.id),
  );

  // HEAD is declared, not left to Fastify's generated route, which would open and drain the body
  // and replace our Content-Length with the empty body's.
  // A script reads with its key (or a pastes:read token): on a members-only site, nothing else lets it in.
  const content = { ...pub, apiKey: true, tokenScope: 'pastes:read' } as const;
  const contentRoutes = [
    { url: '/api/pastes/:id/download', disposition: 'attachment', kind: 'download' },
    { url: '/api/pastes/:id/raw', disposition: 'inline', kind: 'raw' },
    // Outside /api, but declared like them: a members-only site refuses it to visitors.
    { url: '/raw/:id', disposition: 'inline', kind: 'raw' },
  ] as const;
  for (const { url, disposition, kind } of contentRoutes) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      config: content,
      schema: { params: idParams },
      handler: async (request, reply) => {
        const d = await pasteDelivery.open(request.params.id, viewerOf(request), credentialsOf(request), {
          kind,
        });
        return deliver(request, reply, d, disposition);
      },
    });
  }
  // One file of a multi-file paste, by its (URL-encoded) name, under the same rules as /raw.
  for (const [suffix, disposition] of [
    ['raw', 'inline'],
    ['download', 'attachment'],
  ] as const) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `/api/pastes/:id/files/:name/${suffix}`,
      config: content,
      schema: { params: fileParams },
      handler: async (request, reply) => {
        const { id, name } = request.params;
        const d = await pasteDelivery.open(id, viewerOf(request), credentialsOf(request), {
          kind: 'file',
          name,
        });
        return deliver(request, reply, d, disposition);
      },
    });
  }

  await app.register(pasteLinesRoutes);
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
      config: {
        access: 'public',
        createsPaste: true,
        jsonTooLargeMessage: PASTE_MESSAGES.createJsonTooLarge,
      },
      // Up to the chunked-upload threshold; the site's own size limit is the service's.
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

const myPastesQuery = z.object({ page: pageParam, search: searchParam, tag: tagSchema.optional() });

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
