import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageProxyQuerySchema } from '../../../common/schemas/image-proxy.js';
import { idParams } from '../../../common/schemas/paging.js';
import { viewerOf } from '../pastes/reading/viewer.js';

/**
 * The proxied image is served as an image and nothing else: no document it could become may load
 * or run anything (a sandbox), and a browser never guesses another type.
 */
const IMAGE_CSP = "default-src 'none'; sandbox";

/** GET /api/pastes/:id/images (the signed addresses) and GET /api/image-proxy (the images). */
export const imageProxyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { imageProxy } = app.services;
  const pub = { access: 'public' } as const;

  app.get(
    '/api/pastes/:id/images',
    {
      config: pub,
      schema: {
        params: idParams,
        querystring: z.object({ access: z.string().max(500).optional() }),
      },
    },
    async (request) => {
      const password = request.headers['x-paste-password'];
      return imageProxy.pasteImages(request.params.id, viewerOf(request), {
        grant: request.query.access,
        password: typeof password === 'string' ? password : undefined,
      });
    },
  );

  app.get(
    '/api/image-proxy',
    { config: pub, schema: { querystring: imageProxyQuerySchema } },
    async (request, reply) => {
      const { url, sig } = request.query;
      const image = await imageProxy.image(url, sig, request.ip);
      return (
        reply
          .type(image.type)
          .header('content-length', image.body.length)
          .header('content-security-policy', IMAGE_CSP)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          // The same signed address is the same image for a day, whoever asks.
          .header('cache-control', 'public, max-age=86400')
          .send(image.body)
      );
    },
  );
};
