import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import { CLIENT_ROUTES } from '../../common/client-routes';
import { renderPaste } from '../../common/render/render-paste';
import { PASTE_MESSAGES, type PasteView } from '../../common/schemas/paste';
import type { PublicSettings } from '../../common/schemas/settings';
import type { PublicUser } from '../../common/schemas/user';
import { AppLayout } from '../app/layout/app-layout';
import { SetupGate } from '../features/setup/components/setup-gate';
import { ApiError } from '../lib/api-client';
import { PageClock } from '../lib/page-clock';
import { PageRenderer } from '../lib/page-renderer';
import { PageTextLines } from '../lib/page-text-lines';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { PastePage } from '../pages/paste/paste-page';

/**
 * The paste page's first HTML: the app's own components, rendered on the server with
 * the paste the reader would be answered, so the text is on screen before any script runs. The
 * route tree is the client's (app/router.tsx) for this one page, minus what only a browser has
 * (scroll restoration, the document-head effects). The browser does not hydrate this markup: the
 * app renders the same tree once its code and data are in, and that first render replaces it
 * (main.tsx) — identical markup, so nothing moves.
 */
export interface PastePageInput {
  /** The request's path and query (`/paste/abc?lang=js`). */
  url: string;
  /** The paste as the reader is answered, or null for one that is not there (not-found screen). */
  view: PasteView | null;
  /** Lines of the paste's whole text, when `view.content` is only a very large paste's preview. */
  textLines?: number;
  settings: PublicSettings;
  /** The signed-in reader, or null for a visitor. */
  user: PublicUser | null;
  /** The time of this render (ms): relative times are reckoned from it, here and in the app's takeover. */
  renderedAt: number;
}

const routes = [
  {
    element: (
      <SetupGate>
        <Outlet />
      </SetupGate>
    ),
    children: [{ element: <AppLayout />, children: [{ path: CLIENT_ROUTES.paste, element: <PastePage /> }] }],
  },
];

const handler = createStaticHandler(routes);

export async function renderPastePage({
  url,
  view,
  textLines,
  settings,
  user,
  renderedAt,
}: PastePageInput): Promise<string> {
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`No paste page for ${url}`);
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.setupStatus, { setupCompleted: true });
  queryClient.setQueryData(queryKeys.publicSettings, settings);
  queryClient.setQueryData(queryKeys.user, user);
  const id = context.matches.at(-1)?.params.id ?? '';
  if (view) queryClient.setQueryData(queryKeys.paste(id), view);
  else {
    // The state the app's own read ends in for a missing paste: its screen says so.
    const notFound = new ApiError(PASTE_MESSAGES.notFound, 404, 'NOT_FOUND');
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: queryKeys.paste(id) })
      .setState({
        status: 'error',
        error: notFound,
        fetchStatus: 'idle',
      });
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <PageClock.Provider value={renderedAt}>
        <PageTextLines.Provider value={textLines ?? null}>
          <PageRenderer.Provider value={renderPaste}>
            {/* hydrate={false}: no inline script (the CSP allows none, and nothing hydrates). */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </PageRenderer.Provider>
        </PageTextLines.Provider>
      </PageClock.Provider>
    </QueryClientProvider>,
  );
  queryClient.clear();
  return html;
}
