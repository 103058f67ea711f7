import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasApiCredential } from './api-credential.js';

const COOKIE = 'pasteshare_session';
/** Over HTTPS the cookie gets the __Host- prefix: Secure, Path=/, no Domain, so no subdomain can set it. */
const SECURE_COOKIE = `__Host-${COOKIE}`;

export function isSecure(app: FastifyInstance, request: FastifyRequest): boolean {
  const setting = app.services.config.session.secure;
  return setting === 'auto' ? request.protocol === 'https' : setting;
}

/**
 * Only the cookie we would set on this request counts: over HTTPS a plain-named cookie could have
 * been planted by a subdomain or a plain-HTTP answer, which is what the __Host- prefix rules out.
 */
function readSessionToken(app: FastifyInstance, request: FastifyRequest): string | undefined {
  return request.cookies[isSecure(app, request) ? SECURE_COOKIE : COOKIE];
}

/**
 * Starts a new session (a new random id at every login) and sets its cookie. Only the auth
 * module's sign-in (modules/auth/sign-in.ts) calls it: every way in passes there.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  identityProvider: string | null,
  secondFactorAt: number | null,
): Promise<void> {
  const app = request.server;
  const { sessions, config } = app.services;
  const device = { userAgent: request.headers['user-agent'], ip: request.ip };
  const { token } = await sessions.start(userId, identityProvider, device, secondFactorAt);
  const secure = isSecure(app, request);
  reply.setCookie(secure ? SECURE_COOKIE : COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: Math.floor(config.session.ttlMs / 1000),
  });
}

/** Deletes the session on the server and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionIdHash) await request.server.services.sessions.end(request.sessionIdHash);
  const secure = isSecure(request.server, request);
  reply.clearCookie(secure ? SECURE_COOKIE : COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * Loads the signed-in user from the session cookie. Requests with an API key or access token are
 * authenticated by the API-key plugin instead and never by the cookie.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('authMethod', null);
  app.decorateRequest('sessionIdHash', null);
  app.decorateRequest('sessionSecondFactorAt', null);
  async function loadSession(request: FastifyRequest, token: string): Promise<void> {
    const session = await app.services.sessions.resolve(token, request.ip);
    // A suspension ends the account's sessions; one that outlived it (another instance's race) ends here.
    if (session && (await app.services.bans.suspensionOf(session.user.id))) {
      await app.services.sessions.end(session.idHash);
      return;
    }
    if (session) {
      request.user = session.user;
      request.authMethod = 'session';
      request.sessionIdHash = session.idHash;
      request.sessionSecondFactorAt = session.secondFactorAt;
    }
  }
  // A callback hook: requests without a session cookie (most reads) pay for no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = hasApiCredential(request) ? undefined : readSessionToken(app, request);
    if (!token || token.length > 100) return done();
    loadSession(request, token).then(() => done(), done);
  });
});
