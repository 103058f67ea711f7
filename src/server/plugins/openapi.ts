import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DOCUMENT_URL = '/api/openapi.json';

/** Groups operations by their first path segment after /api (v1, user, vip, auth, pastes…). */
function tagOf(url: string): string {
  return url.split('/')[2] ?? 'api';
}

/**
 * The OpenAPI document, generated from the zod schemas the routes validate with, so the document
 * and the validation cannot disagree. Must be registered before the routes it describes.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'pasteshare API',
        version: '1',
        description: 'Errors are JSON `{ "error": CODE, "message": text }`. See docs/api.md for details.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          session: { type: 'apiKey', in: 'cookie', name: 'pasteshare_session' },
        },
      },
    },
    transform: (doc) => {
      if (!doc.url.startsWith('/api') || doc.url === DOCUMENT_URL) {
        return { schema: { hide: true } as FastifySchema, url: doc.url };
      }
      const out = jsonSchemaTransform(doc);
      const config = doc.route.config as { access?: string; apiKey?: boolean } | undefined;
      const security = config?.apiKey
        ? [{ apiKey: [] }]
        : config?.access && config.access !== 'public'
          ? [{ session: [] }]
          : undefined;
      const schema = { ...out.schema, tags: [tagOf(doc.url)], ...(security ? { security } : {}) };
      return { schema: schema as FastifySchema, url: out.url };
    },
  });

  app.get(DOCUMENT_URL, { config: { access: 'public' } }, async () => app.swagger());
});
