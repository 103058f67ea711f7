/**
 * The web app's screens by their path pattern (spec §2), in React Router's syntax: `:name` is one
 * segment, `:name?` an optional one. The one list of them: the router (src/web/app/router.tsx)
 * gives each a screen and has no path of its own, and the server answers any other path with the
 * app's shell and 404 (src/server/plugins/web-app.ts), where the app draws its not-found screen.
 */
export const CLIENT_ROUTES = {
  home: '/',
  setup: '/setup',
  paste: '/paste/:id',
  pasteEdit: '/paste/:id/edit',
  pasteRevisions: '/paste/:id/revisions',
  pasteRevision: '/paste/:id/r/:n',
  about: '/about',
  apiDocs: '/api',
  emailPreview: '/email-preview',
  emailVerificationPreview: '/email-verification-preview',
  forgotPasswordEmailPreview: '/forgot-password-email-preview',
  terms: '/terms',
  privacy: '/privacy',
  admin: '/admin/:tab?',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  topViews: '/top-views',
  vip: '/vip',
  account: '/account',
  accountSettings: '/account-settings',
  teams: '/teams',
  team: '/teams/:slug',
  search: '/search',
  collection: '/c/:id',
  verifyEmailSuccess: '/verify-email-success',
} as const;

export type ClientRoute = keyof typeof CLIENT_ROUTES;

/**
 * The screens a visitor still sees on a members-only site (Settings → Security, sign-in required
 * to read): the ways in and back in, first-run setup, and the terms and privacy pages a person
 * agrees to when registering. Every other screen sends a visitor to sign in.
 */
export const VISITOR_SCREENS: readonly ClientRoute[] = [
  'auth',
  'forgotPassword',
  'resetPassword',
  'verifyEmailSuccess',
  'setup',
  'terms',
  'privacy',
];

const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/**
 * A pattern as React Router matches it (its compilePath, case-insensitive, which is the router's
 * default): a parameter is one non-empty segment, an optional one may be left out, and trailing
 * slashes are ignored.
 */
function patternSource(pattern: string): string {
  const segments = pattern.split('/').filter((s) => s !== '');
  const body = segments
    .map((segment) => {
      const param = /^:[\w-]+(\?)?$/.exec(segment);
      if (!param) return `/${escapeRegExp(segment)}`;
      return param[1] ? '(?:/[^/]*)?' : '/[^/]+';
    })
    .join('');
  return `${body || '/'}/*`;
}

const ANY_CLIENT_ROUTE = new RegExp(
  `^(?:${Object.values(CLIENT_ROUTES).map(patternSource).join('|')})$`,
  'i',
);

/**
 * Whether a request's path (without its query) is one of the app's screens. Segments are matched
 * decoded, as the router matches them (`/ab%6Fut` is the About page; an encoded slash stays inside
 * its segment); a path that cannot be decoded is matched as it is.
 */
export function isClientRoute(pathname: string): boolean {
  if (ANY_CLIENT_ROUTE.test(pathname)) return true;
  if (!pathname.includes('%')) return false;
  let decoded: string;
  try {
    decoded = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return false;
  }
  return ANY_CLIENT_ROUTE.test(decoded);
}

const VISITOR_SCREEN = new RegExp(
  `^(?:${VISITOR_SCREENS.map((name) => patternSource(CLIENT_ROUTES[name])).join('|')})$`,
  'i',
);

/** Whether a path (without its query) is one of the screens a visitor sees on a members-only site. */
export const isVisitorScreen = (pathname: string): boolean => VISITOR_SCREEN.test(pathname);
