import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { NotJson, OTHER_RESPONSES } from '../../common/schemas/responses.js';
import { DECLARED_RESPONSES } from './response-schemas.js';

const DOCUMENT_URL = '/api/openapi.json';

/** Groups operations by their first path segment after /api (v1, user, vip, auth, pastes…), else the first. */
function tagOf(url: string): string {
  const segments = url.split('/');
  return (url.startsWith('/api/') ? segments[2] : segments[1]) ?? 'api';
}

const isJsonType = (mediaType: string) => /^application\/(.+\+)?json$/.test(mediaType);

/** The document's form of an answer that is not a JSON value: its media types, or no body. */
function notJsonResponse(answer: NotJson) {
  if (answer.mediaTypes.length === 0) return { description: answer.description, type: 'null' };
  const content = Object.fromEntries(
    answer.mediaTypes.map((t) => [
      t,
      { schema: isJsonType(t) ? { type: 'object' } : { type: 'string', format: 'binary' } },
    ]),
  );
  return { description: answer.description, content };
}

/**
 * OpenAPI 3.0 has no null type: a nullable enum must list null among its values, or a strict
 * validator refuses the null it allows (zod's conversion leaves it out).
 */
function nullableEnumsListNull(schema: unknown): void {
  if (schema === null || typeof schema !== 'object') return;
  const s = schema as Record<string, unknown>;
  if (s.nullable === true && Array.isArray(s.enum) && !s.enum.includes(null)) s.enum.push(null);
  for (const value of Object.values(s)) nullableEnumsListNull(value);
}

/**
 * The OpenAPI document, generated from the zod schemas the routes validate with and answer by, so
 * the document and the routes cannot disagree: the API's routes and the few outside /api that
 * declare their answers (/raw/{id}, the health checks). Must be registered before those routes.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'pasteshare API',
        version: '1',
        description:
          'Errors are JSON `{ "error": CODE, "message": text, "requestId": id }`. See docs/api.md for details.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          session: { type: 'apiKey', in: 'cookie', name: 'pasteshare_session' },
        },
      },
    },
    transform: (doc) => {
      const keys = [doc.route.method].flat().map((method) => `${method} ${doc.url}`);
      const key = keys.find((k) => k in DECLARED_RESPONSES);
      const documented = doc.url.startsWith('/api') || keys.some((k) => k in OTHER_RESPONSES);
      if (!documented || doc.url === DOCUMENT_URL) {
        return { schema: { hide: true } as FastifySchema, url: doc.url };
      }
      const out = jsonSchemaTransform(doc);
      const response = { ...(out.schema.response as Record<string, unknown>) };
      for (const [status, answer] of Object.entries(key ? DECLARED_RESPONSES[key]! : {})) {
        if (answer instanceof NotJson) response[status] = notJsonResponse(answer);
      }
      const config = doc.route.config as { access?: string; apiKey?: boolean } | undefined;
      const security = config?.apiKey
        ? [{ apiKey: [] }]
        : config?.access && config.access !== 'public'
          ? [{ session: [] }]
          : undefined;
      const schema = { ...out.schema, response, tags: [tagOf(doc.url)], ...(security ? { security } : {}) };
      return { schema: schema as FastifySchema, url: out.url };
    },
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
      nullableEnumsListNull(openapi.paths);
      return openapi;
    },
  });

  app.get(DOCUMENT_URL, { config: { access: 'public' } }, async () => app.swagger());
});
