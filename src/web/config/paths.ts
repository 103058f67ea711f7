import { CLIENT_ROUTES } from '../../common/client-routes';

/**
 * Links to every route of spec §2, built here so a path is spelled once: a fixed path is its
 * pattern in src/common/client-routes.ts, a path with parameters is built from them.
 */
export const paths = {
  home: CLIENT_ROUTES.home,
  setup: CLIENT_ROUTES.setup,
  paste: (id: string) => `/paste/${encodeURIComponent(id)}`,
  pasteEdit: (id: string) => `/paste/${encodeURIComponent(id)}/edit`,
  pasteRevisions: (id: string) => `/paste/${encodeURIComponent(id)}/revisions`,
  /** One revision's permanent link; `line` adds its #L anchor. */
  pasteRevision: (id: string, n: number, line?: number) =>
    `/paste/${encodeURIComponent(id)}/r/${n}${line ? `#L${line}` : ''}`,
  about: CLIENT_ROUTES.about,
  apiDocs: CLIENT_ROUTES.apiDocs,
  emailPreview: CLIENT_ROUTES.emailPreview,
  terms: CLIENT_ROUTES.terms,
  privacy: CLIENT_ROUTES.privacy,
  admin: '/admin',
  adminTab: (tab: string) => `/admin/${tab}`,
  auth: CLIENT_ROUTES.auth,
  login: `${CLIENT_ROUTES.auth}?tab=login`,
  register: `${CLIENT_ROUTES.auth}?tab=register`,
  forgotPassword: CLIENT_ROUTES.forgotPassword,
  resetPassword: CLIENT_ROUTES.resetPassword,
  topViews: CLIENT_ROUTES.topViews,
  vip: CLIENT_ROUTES.vip,
  account: CLIENT_ROUTES.account,
  accountSettings: CLIENT_ROUTES.accountSettings,
  teams: CLIENT_ROUTES.teams,
  team: (slug: string) => `/teams/${encodeURIComponent(slug)}`,
  collection: (id: string) => `/c/${encodeURIComponent(id)}`,
  search: CLIENT_ROUTES.search,
  /** The search screen with these words or filters (a tag's link: `{ tag }`). */
  searchFor: (params: Record<string, string>) => `${CLIENT_ROUTES.search}?${new URLSearchParams(params)}`,
  /** A paste at one of its lines (`#L12`), as search results link to it. */
  pasteLine: (id: string, line: number | null) =>
    `/paste/${encodeURIComponent(id)}${line ? `#L${line}` : ''}`,
  verifyEmailSuccess: CLIENT_ROUTES.verifyEmailSuccess,
  emailVerificationPreview: CLIENT_ROUTES.emailVerificationPreview,
  forgotPasswordEmailPreview: CLIENT_ROUTES.forgotPasswordEmailPreview,
} as const;

/**
 * The login tab, coming back to `from` afterwards (a paste someone was reading). Only a path on
 * this site is carried: `//host` or a full URL would make the login page an open redirect.
 */
export function loginPath(from?: string): string {
  const next = safeNext(from ?? null);
  return next && next !== paths.home ? `${paths.login}&next=${encodeURIComponent(next)}` : paths.login;
}

/** The login page's second step (the code), going on to `next` after it. */
export function secondFactorPath(next: string): string {
  return `${paths.login}&${new URLSearchParams({ secondFactor: 'required', next })}`;
}

/** `next` when it is a path of this site (never an auth page itself), else null. */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith(paths.auth)) return null;
  return next;
}
