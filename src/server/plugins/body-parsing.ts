import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON only: the text/plain parser is removed so cross-site "simple" form posts cannot reach a
 * route, and a body that is not valid UTF-8 is refused instead of silently repaired.
 */
export const bodyParsingPlugin = fp(async (app: FastifyInstance) => {
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new AppError('INVALID_JSON', 'Request body is not valid UTF-8'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
});
