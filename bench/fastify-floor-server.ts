/**
 * The framework's floor: Fastify (the project's own dependency) doing the least a JSON read needs,
 * no database. GET /api/pastes/:id returns an object parsed once from BENCH_BODY_FILE (the real GET
 * response body), so every request pays routing, params, JSON.stringify and Fastify's reply
 * machinery; POST /api/pastes goes through Fastify's default JSON body parser and answers
 * 201 {"id":"…"}. Run as a child process, like bare-server.ts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import Fastify from 'fastify';

const paste: unknown = JSON.parse(fs.readFileSync(process.env.BENCH_BODY_FILE ?? '', 'utf8'));
const port = Number(process.env.PORT ?? 0);

// keepAliveTimeout as in bare-server.ts and src/server/app.ts; everything else Fastify's defaults.
const app = Fastify({ logger: false, keepAliveTimeout: 10_000 });

app.get<{ Params: { id: string } }>('/api/pastes/:id', async () => paste);

app.post('/api/pastes', async (_req, reply) => {
  reply.code(201);
  return { id: randomBytes(9).toString('base64url') };
});

await app.listen({ port, host: '127.0.0.1' });

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
