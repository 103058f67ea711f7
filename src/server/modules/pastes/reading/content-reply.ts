import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../errors.js';
import { type Delivery, parseRange } from './paste-delivery.js';
import type { ReadCredentials } from './paste-reader.js';

/** `?access=`: the grant an earlier verify gave (a protected paste stays open for its hour). */
export const accessQuery = z.object({ access: z.string().max(500).optional() });

/** A grant (`?access=`) or the password (X-Paste-Password) a raw or download request carries. */
export function credentialsOf(request: FastifyRequest): ReadCredentials {
  const query = request.query as { access?: unknown };
  const password = request.headers['x-paste-password'];
  return {
    grant: typeof query.access === 'string' ? query.access : undefined,
    password: typeof password === 'string' ? password : undefined,
  };
}

/** Sends a paste's (or a revision's) bytes with the headers every raw and download answer carries. */
export async function deliver(
  request: FastifyRequest,
  reply: FastifyReply,
  d: Delivery,
  disposition: 'inline' | 'attachment',
) {
  const range = d.rangeAllowed && d.size !== null ? parseRange(request.headers.range, d.size) : null;
  if (range === 'unsatisfiable') {
    throw new AppError('RANGE_NOT_SATISFIABLE', 'Requested range not satisfiable', {
      'Content-Range': `bytes */${d.size}`,
    });
  }
  // filename= for old clients, in ASCII (a header cannot carry more); filename*= the real name.
  const stripped = d.filename.normalize('NFKD').replace(/[^\x20-\x7e]|["\\]/g, '');
  const ascii = stripped.startsWith('.') || !stripped ? `paste${stripped}` : stripped;
  reply
    .type(d.contentType)
    .header(
      'Content-Disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(d.filename)}`,
    )
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    // Never cached: expiry and burn hold at every request (/raw/ is outside the API's defaults).
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', d.rangeAllowed ? 'bytes' : 'none');
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${d.size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else if (d.size !== null) {
    reply.header('Content-Length', d.size);
  }
  // HEAD: the headers a GET would get, no body, nothing claimed or counted.
  if (request.method === 'HEAD') return reply.send();
  reply.raw.once('finish', () => {
    if (!range) void d.delivered().catch((err) => request.log.error({ err }, 'after-delivery step failed'));
  });
  return reply.send(await d.open(range ?? undefined));
}
