import type { EndpointSection } from './endpoint';

/** Sign-in through the site's identity providers (OpenID Connect, GitHub, LDAP), when it has any. */
export const signInSection: EndpointSection = {
  id: 'sign-in',
  title: 'Sign-in Providers',
  description:
    'When the administrator has connected an OpenID Connect provider, GitHub or an LDAP directory, people sign in with it. The redirect ones are pages the browser goes to, not calls for scripts.',
  endpoints: [
    {
      method: 'GET',
      path: '/api/auth/providers',
      summary: 'The enabled sign-in providers (public).',
      returns: '[{ "id": "corp", "name": "Corp SSO", "kind": "oidc" }] — kind is oidc, github or ldap',
      example: (base) => `curl ${base}/auth/providers`,
    },
    {
      method: 'GET',
      path: '/api/auth/oidc/{id}/start?returnTo=/path',
      summary:
        'Starts a sign-in with an OpenID Connect or GitHub provider: the browser is sent to the provider, comes back to /api/auth/oidc/{id}/callback, is signed in, and goes on to returnTo (a path of this site; anything else goes to /). A provider that cannot be reached sends the browser back to the login page, which says so.',
      example: (_base, origin) =>
        `<a href="${origin}/api/auth/oidc/corp/start?returnTo=/account">Sign in with Corp SSO</a>`,
    },
    {
      method: 'POST',
      path: '/api/auth/ldap/{id}/login',
      summary:
        'Signs in against an LDAP directory: the username and password go to the directory only. 401 for a wrong username or password, 503 when the directory cannot be reached.',
      fields: ['username', 'password', 'captchaToken (when the site has the captcha on)'],
      returns: 'The signed-in user, as POST /api/login answers it',
    },
    {
      method: 'GET',
      path: '/api/user/identities',
      summary: 'Signed in: every enabled provider, and whether your account is linked to it.',
      returns: '{ "identities": [{ "id", "name", "kind", "linked", "linkedAs", "linkedAt" }] }',
      example: () => `await fetch('/api/user/identities', { credentials: 'include' });`,
    },
    {
      method: 'POST',
      path: '/api/auth/oidc/{id}/link',
      summary:
        'Signed in: links an OpenID Connect or GitHub identity to your account. Send the browser to the redirectUrl answered; it comes back to /account.',
      returns: '{ "redirectUrl": "https://…" }',
    },
    {
      method: 'POST',
      path: '/api/auth/ldap/{id}/link',
      summary: 'Signed in: links a directory account to yours, on its username and password.',
      fields: ['username', 'password'],
      returns: '{ "identities": [...] }',
    },
  ],
};
