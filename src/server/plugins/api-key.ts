import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tokenMayCall } from '../../common/policies.js';
import { ACCESS_TOKEN_MESSAGES, outOfScopeMessage } from '../../common/schemas/access-tokens.js';
import { ACCOUNT_MESSAGES } from '../../common/schemas/account.js';
import { AppError } from '../errors.js';
import type { LimitRule } from '../lib/rate-limiter.js';
import { apiCredentialOf } from './api-credential.js';

/** Per key (its owner), across every API-key route; an owner's access tokens share it. */
export const API_KEY_RATE: LimitRule = { name: 'api-key', points: 120, durationSec: 60 };

/**
 * API authentication on routes whose config sets `apiKey: true`: the account's `pb_` key (full
 * access of its owner) or a `pst_` access token, in X-API-Key or `Authorization: Bearer`. The
 * session plugin ignores cookies when such a header is present and CSRF skips such requests, so
 * the credential is the only authority. A wrong one, or one whose switch in the settings is off,
 * is a 401.
 *
 * Token scopes are checked here and nowhere else: each API-key route names the scope it needs
 * (`tokenScope`, see policies.tokenMayCall), and a token without it is refused with 403 before the
 * body is read. A route that names none is closed to tokens.
 */
export const apiKeyPlugin = fp(async (app: FastifyInstance) => {
  const { apiKeys, accessTokens, bans, rateLimiter } = app.services;

  async function authenticate(request: FastifyRequest, credential: string | undefined): Promise<void> {
    if (credential !== undefined && accessTokens.isToken(credential)) {
      const holder = await accessTokens.authenticate(credential);
      if (!holder) throw new AppError('INVALID_API_KEY', ACCESS_TOKEN_MESSAGES.invalid);
      await bans.checkAccount(holder.user.id);
      await rateLimiter.consume([[API_KEY_RATE, String(holder.user.id)]]);
      const required = request.routeOptions.config?.tokenScope;
      if (!tokenMayCall(holder.scopes, required)) {
        const message =
          required === undefined || required === 'key-only'
            ? ACCESS_TOKEN_MESSAGES.keyOnly
            : outOfScopeMessage(required);
        throw new AppError('TOKEN_SCOPE', message);
      }
      request.user = holder.user;
      request.authMethod = 'access-token';
      return;
    }
    const user = credential === undefined ? null : await apiKeys.authenticate(credential);
    if (!user) throw new AppError('INVALID_API_KEY', ACCOUNT_MESSAGES.invalidApiKey);
    await bans.checkAccount(user.id);
    await rateLimiter.consume([[API_KEY_RATE, String(user.id)]]);
    request.user = user;
    request.authMethod = 'api-key';
  }

  app.addHook('onRequest', (request, _reply, done) => {
    const credential = apiCredentialOf(request);
    if (credential === undefined || !request.routeOptions.config?.apiKey) return done();
    authenticate(request, typeof credential === 'string' ? credential.trim() : undefined).then(
      () => done(),
      done,
    );
  });
});
