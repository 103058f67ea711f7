import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { errorBodySchema, NOT_JSON, OTHER_RESPONSES, RESPONSES } from '../../common/schemas/responses.js';

type StatusSchemas = Record<number, z.ZodType | typeof NOT_JSON>;
const TABLE: Record<string, StatusSchemas> = { ...RESPONSES, ...OTHER_RESPONSES };

/**
 * Why an answer does not match what its route declares (src/common/schemas/responses.ts), or null
 * when it does. Refusals (4xx, 5xx) of every route share errorBodySchema.
 */
export function responseMismatch(routeKey: string, status: number, body: string): string | null {
  const declared = TABLE[routeKey];
  const schema = status >= 400 ? errorBodySchema : declared?.[status];
  if (schema === undefined) return `${routeKey} answered ${status}, which it does not declare`;
  if (schema === NOT_JSON) return null;
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

/**
 * Documents every route's answers (the OpenAPI document shows them), and with `check` on — the
 * tests — checks every answer against them. Answers are serialized with JSON.stringify and not
 * validated in production: that would cost the hot read its throughput.
 */
export const responseSchemasPlugin = fp(async (app: FastifyInstance, opts: { check: boolean }) => {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = methods.map((m) => TABLE[`${m} ${route.url}`]).find(Boolean);
    if (!declared) return;
    const response: Record<string, z.ZodType> = { '4XX': errorBodySchema, '5XX': errorBodySchema };
    for (const [status, schema] of Object.entries(declared)) {
      if (schema !== NOT_JSON) response[status] = schema;
    }
    route.schema = { ...route.schema, response };
  });

  if (!opts.check) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'HEAD' || !(typeof payload === 'string' || Buffer.isBuffer(payload)))
      return payload;
    const key = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    // The web app's pages (`/api` itself is the API documentation page) and /raw are not the API's answers.
    if (!request.url.startsWith('/api/') && !(key in OTHER_RESPONSES)) return payload;
    const mismatch = responseMismatch(key, reply.statusCode, String(payload));
    if (!mismatch) return payload;
    request.log.error({ mismatch }, 'answer does not match its schema');
    reply.code(500);
    return JSON.stringify({ error: 'INTERNAL', message: mismatch });
  });
});
