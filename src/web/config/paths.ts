/** Every route of spec §2. Links are built here so a path is spelled once. */
export const paths = {
  home: '/',
  setup: '/setup',
  paste: (id: string) => `/paste/${encodeURIComponent(id)}`,
  pasteEdit: (id: string) => `/paste/${encodeURIComponent(id)}/edit`,
  pasteRevisions: (id: string) => `/paste/${encodeURIComponent(id)}/revisions`,
  /** One revision's permanent link; `line` adds its #L anchor. */
  pasteRevision: (id: string, n: number, line?: number) =>
    `/paste/${encodeURIComponent(id)}/r/${n}${line ? `#L${line}` : ''}`,
  about: '/about',
  apiDocs: '/api',
  emailPreview: '/email-preview',
  terms: '/terms',
  privacy: '/privacy',
  admin: '/admin',
  adminTab: (tab: string) => `/admin/${tab}`,
  auth: '/auth',
  login: '/auth?tab=login',
  register: '/auth?tab=register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  topViews: '/top-views',
  vip: '/vip',
  account: '/account',
  accountSettings: '/account-settings',
  verifyEmailSuccess: '/verify-email-success',
  emailVerificationPreview: '/email-verification-preview',
  forgotPasswordEmailPreview: '/forgot-password-email-preview',
} as const;

/**
 * The login tab, coming back to `from` afterwards (a paste someone was reading). Only a path on
 * this site is carried: `//host` or a full URL would make the login page an open redirect.
 */
export function loginPath(from?: string): string {
  const next = safeNext(from ?? null);
  return next && next !== paths.home ? `${paths.login}&next=${encodeURIComponent(next)}` : paths.login;
}

/** `next` when it is a path of this site (never an auth page itself), else null. */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith(paths.auth)) return null;
  return next;
}
