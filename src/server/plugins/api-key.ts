import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_MESSAGES } from '../../common/schemas/account.js';
import { AppError } from '../errors.js';
import type { LimitRule } from '../lib/rate-limiter.js';

/** Per key (its owner), across every API-key route. */
export const API_KEY_RATE: LimitRule = { name: 'api-key', points: 120, durationSec: 60 };

/**
 * X-API-Key authentication on routes whose config sets `apiKey: true`. The session plugin already
 * ignores cookies when the header is present and CSRF skips such requests, so the key is the only
 * authority. A wrong key, or any key while the enableApiKeys setting is off, is a 401.
 */
export const apiKeyPlugin = fp(async (app: FastifyInstance) => {
  async function authenticate(request: FastifyRequest, header: string | string[]): Promise<void> {
    const user = typeof header === 'string' ? await app.services.apiKeys.authenticate(header.trim()) : null;
    if (!user) throw new AppError('INVALID_API_KEY', ACCOUNT_MESSAGES.invalidApiKey);
    await app.services.bans.checkAccount(user.id);
    await app.services.rateLimiter.consume([[API_KEY_RATE, String(user.id)]]);
    request.user = user;
    request.authMethod = 'api-key';
  }
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['x-api-key'];
    if (header === undefined || !request.routeOptions.config?.apiKey) return done();
    authenticate(request, header).then(() => done(), done);
  });
});
