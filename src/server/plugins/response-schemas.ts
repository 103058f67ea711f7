import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { errorBodySchema, NotJson, OTHER_RESPONSES, RESPONSES } from '../../common/schemas/responses.js';

type StatusSchemas = Record<number, z.ZodType | NotJson>;
export const DECLARED_RESPONSES: Record<string, StatusSchemas> = { ...RESPONSES, ...OTHER_RESPONSES };

/**
 * Why an answer does not match what its route declares (src/common/schemas/responses.ts), or null
 * when it does. Refusals (4xx, 5xx) of every route share errorBodySchema.
 */
export function responseMismatch(routeKey: string, status: number, body: string): string | null {
  const declared = DECLARED_RESPONSES[routeKey];
  const schema = status >= 400 ? errorBodySchema : declared?.[status];
  if (schema === undefined) return `${routeKey} answered ${status}, which it does not declare`;
  if (schema instanceof NotJson) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `${routeKey} ${status}: the body is not JSON: ${body.slice(0, 200)}`;
  }
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  return `${routeKey} ${status} does not match its schema: ${issues.join('; ')}`;
}

/** An answer as the client receives it; `body` is null when it was streamed (not examined). */
export interface SentAnswer {
  method: string;
  /** The route as declared, e.g. `/api/pastes/:id`; undefined when no route matched. */
  route: string | undefined;
  status: number;
  contentType: string | undefined;
  body: string | null;
}

/** A second opinion on every answer (the tests check them against the served OpenAPI document). */
export type AnswerCheck = (answer: SentAnswer) => string | null;

/**
 * Documents every route's answers (the OpenAPI document shows them), and with `check` on — the
 * tests — checks every answer against them, and against `checkAnswer` when given. Answers are
 * serialized with JSON.stringify and not validated in production: that would cost the hot read its
 * throughput.
 */
export const responseSchemasPlugin = fp(
  async (app: FastifyInstance, opts: { check: boolean; checkAnswer?: AnswerCheck }) => {
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const declared = methods.map((m) => DECLARED_RESPONSES[`${m} ${route.url}`]).find(Boolean);
      if (!declared) return;
      const response: Record<string, z.ZodType> = { '4XX': errorBodySchema, '5XX': errorBodySchema };
      for (const [status, schema] of Object.entries(declared)) {
        if (!(schema instanceof NotJson)) response[status] = schema;
      }
      route.schema = { ...route.schema, response };
    });

    if (!opts.check) return;
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'HEAD') return payload;
      const route = request.routeOptions.url;
      const key = `${request.method} ${route ?? request.url.split('?')[0]}`;
      const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? String(payload) : null;
      // The web app's pages (`/api` itself is the API documentation page) are not the API's answers.
      const declared = request.url.startsWith('/api/') || key in OTHER_RESPONSES;
      const mismatch =
        (declared && body !== null ? responseMismatch(key, reply.statusCode, body) : null) ??
        opts.checkAnswer?.({
          method: request.method,
          route,
          status: reply.statusCode,
          contentType: reply.getHeader('content-type')?.toString(),
          body,
        });
      if (!mismatch) return payload;
      request.log.error({ mismatch }, 'answer does not match its schema');
      if (payload instanceof Readable) payload.destroy();
      reply.code(500).type('application/json; charset=utf-8').removeHeader('content-length');
      return JSON.stringify({ error: 'INTERNAL', message: mismatch, requestId: String(request.id) });
    });
  },
);
