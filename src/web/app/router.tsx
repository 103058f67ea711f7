import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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

export const router = createBrowserRouter([
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingBlock />,
    children: [
      { path: '/setup', lazy: screen(() => import('../pages/setup/setup-page').then((m) => m.SetupPage)) },
      {
        element: <AppLayout />,
        errorElement: <RouteError />,
        children: [
          {
            // A screen that fails (or whose code cannot load) shows its error inside the layout,
            // header and all: this pathless route's boundary sits in AppLayout's outlet.
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: screen(() => import('../pages/home/home-page').then((m) => m.HomePage)) },
              {
                path: 'paste/:id',
                lazy: screen(() => import('../pages/paste/paste-page').then((m) => m.PastePage)),
              },
              {
                path: 'paste/:id/edit',
                lazy: screen(() =>
                  import('../pages/paste-edit/paste-edit-page').then((m) => m.PasteEditPage),
                ),
              },
              {
                path: 'paste/:id/revisions',
                lazy: screen(() =>
                  import('../pages/paste-revisions/paste-revisions-page').then((m) => m.PasteRevisionsPage),
                ),
              },
              {
                path: 'paste/:id/r/:n',
                lazy: screen(() =>
                  import('../pages/paste-revision/paste-revision-page').then((m) => m.loadRevisionPage()),
                ),
              },
              {
                path: 'about',
                lazy: screen(() => import('../pages/about/about-page').then((m) => m.AboutPage)),
              },
              {
                path: 'api',
                lazy: screen(() => import('../pages/api-docs/api-docs-page').then((m) => m.ApiDocsPage)),
              },
              {
                path: 'email-preview',
                lazy: screen(() =>
                  import('../pages/email-preview/email-preview-page').then((m) => m.EmailPreviewPage),
                ),
              },
              {
                path: 'email-verification-preview',
                lazy: screen(() =>
                  import('../pages/email-preview/template-preview-page').then(
                    (m) => m.VerificationEmailPreviewPage,
                  ),
                ),
              },
              {
                path: 'forgot-password-email-preview',
                lazy: screen(() =>
                  import('../pages/email-preview/template-preview-page').then(
                    (m) => m.ForgotPasswordEmailPreviewPage,
                  ),
                ),
              },
              {
                path: 'terms',
                lazy: screen(() => import('../pages/legal/terms-page').then((m) => m.TermsPage)),
              },
              {
                path: 'privacy',
                lazy: screen(() => import('../pages/legal/privacy-page').then((m) => m.PrivacyPage)),
              },
              {
                path: 'admin/:tab?',
                lazy: screen(() => import('../pages/admin/admin-page').then((m) => m.AdminPage)),
              },
              { path: 'auth', lazy: screen(() => import('../pages/auth/auth-page').then((m) => m.AuthPage)) },
              {
                path: 'forgot-password',
                lazy: screen(() =>
                  import('../pages/password/forgot-password-page').then((m) => m.ForgotPasswordPage),
                ),
              },
              {
                path: 'reset-password',
                lazy: screen(() =>
                  import('../pages/password/reset-password-page').then((m) => m.ResetPasswordPage),
                ),
              },
              {
                path: 'top-views',
                lazy: screen(() => import('../pages/top-views/top-views-page').then((m) => m.TopViewsPage)),
              },
              { path: 'vip', lazy: screen(() => import('../pages/vip/vip-page').then((m) => m.VipPage)) },
              { path: 'account', lazy: account },
              { path: 'account-settings', lazy: account },
              {
                path: 'verify-email-success',
                lazy: screen(() =>
                  import('../pages/verify-email/verify-email-success-page').then(
                    (m) => m.VerifyEmailSuccessPage,
                  ),
                ),
              },
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
