/**
 * The database floor: Fastify (as bench/fastify-floor-server.ts starts it) + the product's
 * own point read of a live paste by id (`findLivePaste`: the prepared statement on SQLite, the
 * batched named statement on PostgreSQL) + the product's own JSON building (`presentPasteMeta`,
 * `pasteViewJson`, as the reader builds a view of a row the hot-row cache does not keep). No access
 * rules, no view counting, no hot-row cache, no hooks, no helmet headers, no params validation.
 *
 * It opens the very store the pasteshare target of the same run uses (DATA_DIR's SQLite file in WAL
 * mode beside the running server, or DATABASE_URL), so it reads the same rows by the same ids.
 * GET /api/pastes/:id answers the view's JSON, or 404 when there is no live paste. Run as a child
 * process, like bare-server.ts.
 */
import Fastify from 'fastify';
import { openDb } from '../src/server/db/kysely.js';
import { findLivePaste } from '../src/server/modules/pastes/live-paste.repository.js';
import { pasteViewJson, presentPasteMeta } from '../src/server/modules/pastes/pastes.presenter.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const port = Number(process.env.PORT ?? 0);
// openDb as src/server/app.ts calls it (its defaults: the same pool size, pragmas, file name).
const db = openDb({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? '',
});

// keepAliveTimeout as in bare-server.ts and src/server/app.ts; everything else Fastify's defaults.
const app = Fastify({ logger: false, keepAliveTimeout: 10_000 });

app.get<{ Params: { id: string } }>('/api/pastes/:id', async (request, reply) => {
  // As the reader does (paste-reader.ts findVisible): the answer at once on SQLite, awaited on PostgreSQL.
  const found = findLivePaste(db, request.params.id, Date.now());
  const row = found instanceof Promise ? await found : found;
  if (!row) return reply.code(404).type(JSON_TYPE).send('{"error":"not found"}');
  // As the reader's render: a row nobody keeps (kept = false), its stored count, its inline content.
  const view = presentPasteMeta(row, row.view_count, false);
  view.content = row.content ?? undefined;
  return reply.type(JSON_TYPE).send(pasteViewJson(view, row, false));
});

await app.listen({ port, host: '127.0.0.1' });

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
});
