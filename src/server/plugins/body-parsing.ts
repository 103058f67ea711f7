import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '../../common/messages.js';
import { AppError } from '../errors.js';
import { assertAcceptableJson } from '../lib/json-value-checks.js';
import { readJsonBodyText } from '../lib/read-json-body.js';

/** Above this, the parse and the checks after it get event-loop turns of their own. */
const LARGE_BODY_CHARS = 1024 * 1024;

/**
 * JSON only (the paste create adds multipart for itself): the text/plain parser is removed so cross-site "simple" form posts cannot reach a
 * route. A body is refused before JSON.parse when it breaks the route's byte limit, the structure
 * limits or strict UTF-8 (see readJsonBodyText), and after it when it holds ill-formed text or
 * prototype keys (see assertAcceptableJson).
 */
export const bodyParsingPlugin = fp(async (app: FastifyInstance) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    async (request: FastifyRequest, payload: RawRequestDefaultExpression) => {
      const text = await readJsonBodyText(payload ?? request.raw, {
        limit: Math.min(
          request.routeOptions.bodyLimit,
          request.routeOptions.config.jsonBodyLimit ?? Infinity,
        ),
        contentLength: request.headers['content-length'],
        tooLargeMessage: request.routeOptions.config.jsonTooLargeMessage,
      });
      if (text.length === 0) throw new AppError('INVALID_JSON', GENERIC_MESSAGES.invalidJson);
      const large = text.length > LARGE_BODY_CHARS;
      if (large) await nextTurn();
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new AppError('INVALID_JSON', GENERIC_MESSAGES.invalidJson);
      }
      if (large) await nextTurn();
      assertAcceptableJson(value);
      return value;
    },
  );
});
