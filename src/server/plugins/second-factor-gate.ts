import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SECOND_FACTOR_FRESH_MS } from '../../common/constants.js';
import { SECOND_FACTOR_MESSAGES } from '../../common/messages.js';
import { AppError } from '../errors.js';

/**
 * The two rules of the second factor that every route is subject to, declared in the route's
 * config like its access:
 * - `freshSecondFactor`: where the account has a second factor, the action needs a fresh check —
 *   a code passed by this session within SECOND_FACTOR_FRESH_MS (its sign-in counts), or a code
 *   sent with the request as `secondFactorCode` (which then makes the session fresh). An API key
 *   has no session: it sends the code every time.
 * - the role requirement: an account whose role the admin requires a second factor of, and which
 *   has none, may use only the routes marked `duringEnrolment` (who am I, enrol, sign out). A
 *   session is a visitor on other public routes and refused on the rest; an API key is refused
 *   everywhere, so a key cannot carry on what the account may no longer do without a factor.
 */
export const secondFactorGatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('secondFactorEnrolmentRequired', false);

  async function applyRoleRequirement(request: FastifyRequest): Promise<void> {
    const user = request.user!;
    if (!(await app.services.secondFactor.enrolmentRequired(user))) return;
    request.secondFactorEnrolmentRequired = true;
    const config = request.routeOptions.config;
    if (config?.duringEnrolment) return;
    if (request.authMethod === 'api-key')
      throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED', SECOND_FACTOR_MESSAGES.enrolmentRequiredApiKey);
    // Public API routes, and the pages and raw answers outside /api (which declare no access).
    if (config?.access === 'public' || config?.access === undefined) {
      request.user = null;
      request.authMethod = null;
      return;
    }
    throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED', SECOND_FACTOR_MESSAGES.enrolmentRequired);
  }

  // After the session and API-key hooks (registered before this plugin), before access checks;
  // on every path, /raw/:id and the pages' first HTML included (staff read more there).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.user) return done();
    applyRoleRequirement(request).then(() => done(), done);
  });

  async function requireFresh(request: FastifyRequest): Promise<void> {
    const user = request.user;
    // The access check already refused a caller without an account.
    if (!user) return;
    const { secondFactor, sessions, clock } = app.services;
    if ((await secondFactor.methodsOf(user.id)).length === 0) return;
    const at = request.authMethod === 'session' ? request.sessionSecondFactorAt : null;
    if (at !== null && clock.now() - at < SECOND_FACTOR_FRESH_MS) return;
    const body = request.body as { secondFactorCode?: unknown } | null | undefined;
    const code = typeof body?.secondFactorCode === 'string' ? body.secondFactorCode.trim() : '';
    if (!code) throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.stepUpRequired);
    await secondFactor.verify(user.id, code, request.ip);
    if (request.authMethod === 'session' && request.sessionIdHash) {
      await sessions.markSecondFactor(request.sessionIdHash);
      request.sessionSecondFactorAt = clock.now();
    }
  }

  // After body validation: the code travels in the body.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.routeOptions.config?.freshSecondFactor) return done();
    requireFresh(request).then(() => done(), done);
  });
});
