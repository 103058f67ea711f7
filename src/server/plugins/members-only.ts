import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_ROUTES, isClientRoute, isVisitorScreen } from '../../common/client-routes.js';
import { MEMBERS_ONLY_MESSAGES } from '../../common/messages.js';
import type { Settings } from '../../common/schemas/settings.js';
import { AppError } from '../errors.js';

/** The web app's catch-all route (plugins/web-app.ts): its pages, and the files of its build. */
const WEB_APP_ROUTE = '/*';

type Verdict = 'pass' | 'refuse-read' | 'refuse-create' | 'sign-in-page';

/**
 * What a visitor (no session, no API credential) gets from a route on this site. A members-only
 * site refuses them every public API route but those marked `openToVisitors` — deny by default,
 * so a new read path is closed before anyone thinks of it — and sends them from a page to the
 * sign-in screen; the build's files (scripts, styles) stay served, for that screen to work. A
 * site that only asks a sign-in to create refuses the routes marked `createsPaste`.
 */
function verdictFor(request: FastifyRequest, settings: Settings): Verdict {
  const config = request.routeOptions.config;
  if (settings.requireSignInToRead) {
    if (config?.openToVisitors) return 'pass';
    const url = request.routeOptions.url;
    if (url === WEB_APP_ROUTE) {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/')) return 'refuse-read';
      return isClientRoute(pathname) && !isVisitorScreen(pathname) ? 'sign-in-page' : 'pass';
    }
    // Outside /api, the routes of ours that serve content declare their access as the API's do
    // (GET /raw/:id); the rest are the build's files and health checks, which tell nothing.
    if (!url?.startsWith('/api') && config?.access === undefined) return 'pass';
    // Routes that need an account refuse visitors anyway (plugins/access.ts), with their own words.
    if (config?.access !== undefined && config.access !== 'public') return 'pass';
    return 'refuse-read';
  }
  if (settings.requireSignInToCreate && config?.createsPaste) return 'refuse-create';
  return 'pass';
}

function answer(request: FastifyRequest, reply: FastifyReply, verdict: Verdict): AppError | undefined {
  if (verdict === 'refuse-read') return new AppError('MEMBERS_ONLY', MEMBERS_ONLY_MESSAGES.readRequired);
  if (verdict === 'refuse-create') return new AppError('MEMBERS_ONLY', MEMBERS_ONLY_MESSAGES.createRequired);
  if (verdict === 'sign-in-page') {
    const next = request.url === '/' ? '' : `&next=${encodeURIComponent(request.url)}`;
    // Not cached: the same address answers a member with the page itself.
    reply.header('Cache-Control', 'no-store').redirect(`${CLIENT_ROUTES.auth}?tab=login${next}`, 302);
  }
  return undefined;
}

/**
 * A members-only site (Settings → Security: sign-in required to create, to read). Registered after
 * the session and API-key plugins, so a member is known here; the settings come from the cached
 * snapshot every instance refreshes on a change (settings.service).
 */
export const membersOnlyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.user || request.routeOptions.url === undefined) return done();
    app.services.settings.get().then((settings) => {
      const verdict = verdictFor(request, settings);
      if (verdict === 'sign-in-page') {
        answer(request, reply, verdict);
        return;
      }
      done(answer(request, reply, verdict));
    }, done);
  });
});
