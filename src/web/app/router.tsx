import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CLIENT_ROUTES, type ClientRoute } from '../../common/client-routes';
import { LoadingBlock } from '../components/ui/spinner';
import { AppLayout } from './layout/app-layout';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';

/** Pause before the one automatic second try of a screen's code. */
const CHUNK_RETRY_MS = 800;

/**
 * Each screen is its own chunk, fetched when its route is first visited. A failed fetch (a
 * dropped connection) is tried once more by itself; if that fails too, RouteError explains it
 * inside the normal layout.
 */
const screen =
  (load: () => Promise<ComponentType>): RouteObject['lazy'] =>
  async () => ({
    Component: await load().catch(async () => {
      await new Promise((r) => setTimeout(r, CHUNK_RETRY_MS));
      return load();
    }),
  });

const account = screen(() => import('../pages/account/account-page').then((m) => m.AccountPage));

/**
 * The screen of each path inside the layout, by its name in the one list of the app's paths
 * (src/common/client-routes.ts, which the server answers 404 outside of): a path there without a
 * screen here, or a screen without a path, does not compile.
 */
const layoutScreens = {
  home: screen(() => import('../pages/home/home-page').then((m) => m.HomePage)),
  paste: screen(() => import('../pages/paste/paste-page').then((m) => m.PastePage)),
  pasteEdit: screen(() => import('../pages/paste-edit/paste-edit-page').then((m) => m.PasteEditPage)),
  pasteRevisions: screen(() =>
    import('../pages/paste-revisions/paste-revisions-page').then((m) => m.PasteRevisionsPage),
  ),
  pasteRevision: screen(() =>
    import('../pages/paste-revision/paste-revision-page').then((m) => m.loadRevisionPage()),
  ),
  about: screen(() => import('../pages/about/about-page').then((m) => m.AboutPage)),
  apiDocs: screen(() => import('../pages/api-docs/api-docs-page').then((m) => m.ApiDocsPage)),
  emailPreview: screen(() =>
    import('../pages/email-preview/email-preview-page').then((m) => m.EmailPreviewPage),
  ),
  emailVerificationPreview: screen(() =>
    import('../pages/email-preview/template-preview-page').then((m) => m.VerificationEmailPreviewPage),
  ),
  forgotPasswordEmailPreview: screen(() =>
    import('../pages/email-preview/template-preview-page').then((m) => m.ForgotPasswordEmailPreviewPage),
  ),
  terms: screen(() => import('../pages/legal/terms-page').then((m) => m.TermsPage)),
  privacy: screen(() => import('../pages/legal/privacy-page').then((m) => m.PrivacyPage)),
  admin: screen(() => import('../pages/admin/admin-page').then((m) => m.AdminPage)),
  auth: screen(() => import('../pages/auth/auth-page').then((m) => m.AuthPage)),
  forgotPassword: screen(() =>
    import('../pages/password/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  resetPassword: screen(() =>
    import('../pages/password/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  topViews: screen(() => import('../pages/top-views/top-views-page').then((m) => m.TopViewsPage)),
  vip: screen(() => import('../pages/vip/vip-page').then((m) => m.VipPage)),
  account,
  accountSettings: account,
  teams: screen(() => import('../pages/teams/teams-page').then((m) => m.TeamsPage)),
  team: screen(() => import('../pages/teams/team-page').then((m) => m.TeamPage)),
  collection: screen(() => import('../pages/collection/collection-page').then((m) => m.CollectionPage)),
  search: screen(() => import('../pages/search/search-page').then((m) => m.SearchPage)),
  verifyEmailSuccess: screen(() =>
    import('../pages/verify-email/verify-email-success-page').then((m) => m.VerifyEmailSuccessPage),
  ),
} satisfies Record<Exclude<ClientRoute, 'setup'>, RouteObject['lazy']>;

const layoutRoutes = (Object.keys(layoutScreens) as (keyof typeof layoutScreens)[]).map(
  (name): RouteObject =>
    name === 'home'
      ? { index: true, lazy: layoutScreens.home }
      : { path: CLIENT_ROUTES[name], lazy: layoutScreens[name] },
);

export const router = createBrowserRouter([
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingBlock />,
    children: [
      {
        path: CLIENT_ROUTES.setup,
        lazy: screen(() => import('../pages/setup/setup-page').then((m) => m.SetupPage)),
      },
      {
        element: <AppLayout />,
        errorElement: <RouteError />,
        children: [
          {
            // A screen that fails (or whose code cannot load) shows its error inside the layout,
            // header and all: this pathless route's boundary sits in AppLayout's outlet.
            errorElement: <RouteError />,
            children: [
              ...layoutRoutes,
              // Any other path (the server answers it 404, src/server/plugins/web-app.ts).
              {
                path: '*',
                lazy: screen(() => import('../pages/not-found/not-found-page').then((m) => m.NotFoundPage)),
              },
            ],
          },
        ],
      },
    ],
  },
]);
