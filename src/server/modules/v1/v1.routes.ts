import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPIRATIONS, PRIVACIES, TITLE_MAX_LENGTH } from '../../../common/constants.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';
import {
  type CreatePasteInput,
  createPasteBodySchema,
  PASTE_MESSAGES,
} from '../../../common/schemas/paste.js';
import { AppError, notFound } from '../../errors.js';
import { presentPasteListItem } from '../pastes/pastes.presenter.js';
import { viewerOf } from '../pastes/pastes.routes.js';

/** Raw uploads are capped like browser uploads; the site's paste size setting applies on top. */
const V1_BODY_LIMIT = 64 * 1024 * 1024;
const V1_JSON_LIMIT = 2 * 1024 * 1024;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Options of a raw upload, in the query string. The password goes in X-Paste-Password, never the URL. */
const rawOptionsQuery = z.object({
  title: z.string().max(TITLE_MAX_LENGTH, PASTE_MESSAGES.titleTooLong).optional(),
  privacy: z.enum(PRIVACIES).optional(),
  expiration: z.enum(EXPIRATIONS).optional(),
  burnAfterReading: z.enum(['true', 'false', '1', '0']).optional(),
});

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().max(100).default(''),
});

const createBody = z.union([
  createPasteBodySchema,
  z
    .string()
    .describe('Raw paste content (text/plain, application/octet-stream, or curl’s default form type)'),
]);

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The API-key API (spec §7 "documented only"): create, list and read pastes as the key's owner.
 * Encapsulated, so the raw-body parsers it adds for `curl --data-binary` exist only here; every
 * other route still accepts JSON only.
 */
export const v1Routes: FastifyPluginAsyncZod = async (app) => {
  const { pastes, mail } = app.services;
  const config = { access: 'signed-in', apiKey: true } as const;

  // curl --data-binary sends application/x-www-form-urlencoded unless told otherwise; the body is
  // taken as is, never form-decoded. Safe here: no browser form can add the X-API-Key header.
  app.addContentTypeParser(
    ['text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded'],
    { parseAs: 'buffer', bodyLimit: V1_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, strictUtf8.decode(body as Buffer));
      } catch {
        done(new AppError('VALIDATION', 'Paste content must be UTF-8 text'), undefined);
      }
    },
  );

  // API-key only: a session cookie is no authority here (the session plugin ignores it anyway
  // when the header is present; this makes the missing header a clear 401).
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-api-key'] === undefined) {
      throw new AppError('INVALID_API_KEY', ACCOUNT_MESSAGES.apiKeyRequired);
    }
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  app.post(
    '/api/v1/pastes',
    {
      // JSON stays small here too (JSON.parse of a large body blocks the event loop).
      config: {
        ...config,
        jsonBodyLimit: V1_JSON_LIMIT,
        jsonTooLargeMessage: PASTE_MESSAGES.createJsonTooLarge,
      },
      bodyLimit: V1_BODY_LIMIT,
      schema: { body: createBody, querystring: rawOptionsQuery },
    },
    async (request, reply) => {
      let input: CreatePasteInput;
      if (typeof request.body === 'string') {
        const q = request.query;
        input = createPasteBodySchema.parse({
          content: request.body,
          title: q.title,
          privacy: q.privacy,
          expiration: q.expiration,
          burnAfterReading: q.burnAfterReading === 'true' || q.burnAfterReading === '1',
          password: header(request.headers['x-paste-password']) ?? '',
        });
      } else {
        input = request.body;
      }
      const { id } = await pastes.create(input, { user: request.user, ip: request.ip });
      // The link goes back only to this caller, so without a configured origin its own will do.
      const origin = (await mail.siteOrigin()) ?? `${request.protocol}://${request.host}`;
      return reply.code(201).send({ id, url: `${origin}/paste/${id}` });
    },
  );

  app.get('/api/v1/pastes', { config, schema: { querystring: listQuery } }, async (request) => {
    const { page, limit, search } = request.query;
    const r = await pastes.listForOwner(request.user!.id, { page, pageSize: limit, search });
    return {
      pastes: r.rows.map(presentPasteListItem),
      page: r.page,
      totalPages: r.totalPages,
      total: r.total,
    };
  });

  app.get(
    '/api/v1/pastes/:id',
    { config, schema: { params: z.object({ id: z.string() }) } },
    async (request) => {
      const { id } = request.params;
      if (!ID_PATTERN.test(id)) throw notFound(PASTE_MESSAGES.notFound);
      const password = header(request.headers['x-paste-password']);
      const view = await pastes.view(id, viewerOf(request, { apiClient: true }), password);
      // An API client has no "displayed" step: once it holds a burn paste's content, it is gone.
      if (view.burnAfterReading && view.content !== undefined && !view.isOwner) await pastes.confirmView(id);
      return view;
    },
  );
};
