/**
 * The large-upload baseline: node:http and nothing else. POST /upload streams the body into
 * $DATA_DIR/upload, fsyncs it and answers 201; GET /download streams that file back with its length.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const file = path.join(process.env.DATA_DIR!, 'upload');
const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/upload') {
    pipeline(req, fs.createWriteStream(file, { flush: true })).then(
      () => res.writeHead(201).end(),
      () => res.writeHead(500).end(),
    );
    return;
  }
  if (req.method === 'GET' && req.url === '/download') {
    res.writeHead(200, { 'content-length': fs.statSync(file).size, 'content-type': 'text/plain' });
    void pipeline(fs.createReadStream(file), res).catch(() => {});
    return;
  }
  if (req.url === '/healthz') return void res.writeHead(200).end('ok');
  res.writeHead(404).end();
});
server.listen(Number(process.env.PORT), '127.0.0.1');
