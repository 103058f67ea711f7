import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPIRATIONS,
  JSON_CREATE_MAX_BYTES,
  PRIVACIES,
  TITLE_MAX_LENGTH,
} from '../../../common/constants.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';
import { idParams, pageParam, pageSizeParam, searchParam } from '../../../common/schemas/paging.js';
import {
  createPasteBodySchema,
  createPasteFieldsSchema,
  PASTE_MESSAGES,
} from '../../../common/schemas/paste.js';
import { AppError } from '../../errors.js';
import { hasApiCredential } from '../../plugins/api-credential.js';
import { presentPasteListItem } from '../pastes/pastes.presenter.js';
import type { CreatePasteRequest } from '../pastes/pastes.service.js';
import { viewerOf } from '../pastes/reading/viewer.js';

const RAW_TYPES = ['text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded'];

/** Options of a raw upload, in the query string. The password goes in X-Paste-Password, never the URL. */
const rawOptionsQuery = z.object({
  title: z.string().max(TITLE_MAX_LENGTH, PASTE_MESSAGES.titleTooLong).optional(),
  privacy: z.enum(PRIVACIES).optional(),
  expiration: z.enum(EXPIRATIONS).optional(),
  burnAfterReading: z.enum(['true', 'false', '1', '0']).optional(),
  /** A highlight.js id or plaintext, as the JSON field (checked by the same schema). */
  language: z.string().max(40).optional(),
  checkSecrets: z.enum(['true', 'false', '1', '0']).optional(),
});

const listQuery = z.object({ page: pageParam, limit: pageSizeParam(20, 100), search: searchParam });

/** The paste fields of a raw upload (everything but the content, which is the body). */
const rawFieldsSchema = createPasteFieldsSchema;

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The API-key API (spec §7 "documented only"): create, list and read pastes as the key's owner.
 * Encapsulated, so the raw-body parsers it adds for `curl --data-binary` exist only here; every
 * other route still accepts JSON only.
 */
export const v1Routes: FastifyPluginAsyncZod = async (app) => {
  const { pastes, mail } = app.services;
  const reading = { access: 'signed-in', apiKey: true, tokenScope: 'pastes:read' } as const;

  // curl --data-binary sends application/x-www-form-urlencoded unless told otherwise; the body is
  // taken as is, never form-decoded. Safe here: no browser form can add the credential's header. It
  // stays a stream: the handler reads it as the multipart create reads its content part (checked
  // UTF-8, the site's size limit while it arrives, large content straight to the blob store).
  app.addContentTypeParser(RAW_TYPES, (_request, payload, done) => done(null, payload));

  // API-key or access-token only: a session cookie is no authority here (the session plugin
  // ignores it anyway when the header is present; this makes the missing header a clear 401).
  app.addHook('onRequest', async (request) => {
    if (!hasApiCredential(request)) {
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
      // JSON bodies up to the chunked-upload threshold, as on POST /api/pastes.
      config: {
        access: 'signed-in',
        apiKey: true,
        tokenScope: 'pastes:write',
        jsonBodyLimit: JSON_CREATE_MAX_BYTES,
        jsonTooLargeMessage: PASTE_MESSAGES.createJsonTooLarge,
      },
      // JSON bodies only: a raw body is a stream, limited by the site's paste size as it arrives.
      bodyLimit: JSON_CREATE_MAX_BYTES,
      schema: {
        // A JSON body is validated in the handler: a raw one arrives as a stream, not a value.
        body: z
          .unknown()
          .describe(
            'A JSON object like POST /api/pastes, or the raw paste content (text/plain, application/octet-stream, or curl’s default form type) with its options in the query string',
          ),
        querystring: rawOptionsQuery,
      },
    },
    async (request, reply) => {
      const actor = { user: request.user, ip: request.ip };
      await pastes.admitCreate(actor);
      let input: CreatePasteRequest;
      if (request.body instanceof Readable) {
        const q = request.query;
        // The options are checked before a byte of content is read.
        const fields = rawFieldsSchema.parse({
          title: q.title,
          privacy: q.privacy,
          expiration: q.expiration,
          burnAfterReading: q.burnAfterReading === 'true' || q.burnAfterReading === '1',
          language: q.language,
          checkSecrets: q.checkSecrets === 'true' || q.checkSecrets === '1',
          password: header(request.headers['x-paste-password']) ?? '',
        });
        input = { ...fields, content: await pastes.receiveContent(request.body) };
      } else {
        input = createPasteBodySchema.parse(request.body);
      }
      const { id, secretsFound, scanIncomplete } = await pastes.create(input, actor);
      app.services.metrics.pastesCreated.inc({ way: 'v1', privacy: input.privacy ?? 'public' });
      // The link goes back only to this caller, so without a configured origin its own will do.
      const origin = (await mail.siteOrigin()) ?? `${request.protocol}://${request.host}`;
      return reply.code(201).send({
        id,
        url: `${origin}/paste/${id}`,
        ...(secretsFound ? { secretsFound } : {}),
        ...(scanIncomplete ? { scanIncomplete } : {}),
      });
    },
  );

  app.get('/api/v1/pastes', { config: reading, schema: { querystring: listQuery } }, async (request) => {
    const { page, limit, search } = request.query;
    const r = await pastes.listForOwner(request.user!.id, { page, pageSize: limit, search });
    return {
      pastes: r.rows.map(presentPasteListItem),
      page: r.page,
      totalPages: r.totalPages,
      total: r.total,
    };
  });

  app.get('/api/v1/pastes/:id', { config: reading, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    const password = header(request.headers['x-paste-password']);
    const view = await pastes.view(id, viewerOf(request, { apiClient: true }), { password });
    // An API client has no "displayed" step: once it holds a burn paste's content, it is gone.
    if (view.burnAfterReading && view.content !== undefined && !view.isOwner) await pastes.confirmView(id);
    return view;
  });
};
