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

/** Two-factor authentication: the second step of a sign-in, and an account's authenticator app. */
export const secondFactorSection: EndpointSection = {
  id: 'second-factor',
  title: 'Two-factor Authentication',
  description:
    'An account with an authenticator app on gets no session from its password (or directory or provider) alone: POST /api/login answers { "secondFactorRequired": true, "methods": ["totp", "recovery"] } and a code completes the sign-in in the same browser within 5 minutes. Each code works once; 10 tries per 15 minutes per account. A new email address, a new API key, linking a provider and a password reset also need a code: without one given in the last 10 minutes they answer 403 SECOND_FACTOR_REQUIRED, and the same request with secondFactorCode goes through. A role the administrator requires it of must set it up first (403 SECOND_FACTOR_ENROLMENT_REQUIRED meanwhile).',
  endpoints: [
    {
      method: 'POST',
      path: '/api/auth/second-factor',
      summary:
        'Completes a sign-in waiting for its second factor. 401 for a wrong or used code, or when the sign-in has expired; 429 after too many tries.',
      fields: ['code (6 digits from the app, or a recovery code)'],
      returns: 'The signed-in user, as POST /api/login answers it',
    },
    {
      method: 'GET',
      path: '/api/account/second-factor',
      summary: 'Signed in: whether the authenticator app is on, and the recovery codes left.',
      returns: '{ "totp": true, "recoveryCodesLeft": 9 }',
    },
    {
      method: 'POST',
      path: '/api/account/second-factor/totp',
      summary: 'Signed in: a new secret for an authenticator app, shown this once (409 when already on).',
      returns: '{ "secret": "JBSW…", "otpauthUri": "otpauth://totp/…" }',
    },
    {
      method: 'POST',
      path: '/api/account/second-factor/totp/confirm',
      summary:
        'Signed in: the app’s first code turns it on and hands out 10 recovery codes, shown this once.',
      fields: ['code'],
      returns: '{ "recoveryCodes": ["abcde-fghjk", ...] }',
    },
    {
      method: 'POST',
      path: '/api/account/second-factor/disable',
      summary: 'Signed in: turns it off, with a code from the app or a recovery code.',
      fields: ['code'],
      returns: '{ "totp": false, "recoveryCodesLeft": 0 }',
    },
    {
      method: 'GET',
      path: '/api/account/sessions',
      summary:
        'Signed in: every device signed in to your account (browser, address, signed in, last seen), this one first.',
      returns:
        '{ "sessions": [{ "id", "browser", "address", "createdAt", "lastSeenAt", "current", "provider" }] }',
    },
    {
      method: 'DELETE',
      path: '/api/account/sessions/{id}',
      summary: 'Signed in: signs that device out (404 when it already is).',
      returns: '{ "ended": 1 }',
    },
    {
      method: 'POST',
      path: '/api/account/sessions/sign-out-others',
      summary: 'Signed in: signs out every other device; this one stays.',
      returns: '{ "ended": 2 }',
    },
  ],
};
