import type { FastifyRequest } from 'fastify';
import { isAutomatedFetch } from './automated-fetch.js';
import type { Viewer } from './paste-reader.js';

/**
 * Who is reading, and how. `holdBurn`: answer a burn paste without destroying it. `apiClient`: an
 * API-key request, a deliberate reader whatever its User-Agent says (no link preview has a key).
 */
export function viewerOf(
  request: FastifyRequest,
  opts: { holdBurn?: boolean; apiClient?: boolean } = {},
): Viewer {
  const token = request.headers['x-creator-token'];
  const automatedFetch = isAutomatedFetch(request.headers);
  const head = request.method === 'HEAD';
  let burn: Viewer['burn'] = 'claim';
  if (opts.holdBurn) burn = 'hold';
  else if (automatedFetch && !opts.apiClient) burn = 'refuse';
  else if (head) burn = 'hold';
  return {
    user: request.user,
    creatorToken: typeof token === 'string' ? token : undefined,
    ip: request.ip,
    requestId: String(request.id),
    countable: !automatedFetch && !head,
    burn,
  };
}
