/**
 * The baseline: a bare node:http server doing the least the real one must do. GET answers the
 * exact bytes of the real GET /api/pastes/:id response (read once from BENCH_BODY_FILE); POST
 * reads the whole body and answers 201 {"id":"…"}. Run as a child process, like the real server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BENCH_BODY_FILE ?? '');
const port = Number(process.env.PORT ?? 0);

const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
    return;
  }
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      Buffer.concat(chunks);
      const out = `{"id":"${randomBytes(9).toString('base64url')}"}`;
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': out.length });
      res.end(out);
    });
    return;
  }
  res.writeHead(405).end();
});
server.keepAliveTimeout = 10_000;
server.listen(port, '127.0.0.1');

process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
