import { z } from 'zod';
import { ROLES } from '../constants.js';
import { secondFactorCodeField, stepUpBodySchema } from './second-factor.js';
import { TEAM_SLUG_PATTERN } from './teams.js';

/**
 * Signing in through an external identity: OpenID Connect providers, GitHub's OAuth 2 and LDAP
 * directories, configured by the operator (environment) or the admin (Settings → Security).
 */
export const IDENTITY_KINDS = ['oidc', 'github', 'ldap'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

export const IDENTITY_MESSAGES = {
  providerId:
    'Provider id must be 1 to 40 lower-case letters, digits or hyphens, starting with a letter or digit',
  providerIdTaken: 'Two providers cannot share an id',
  providerIdFromEnvironment: 'This id belongs to a provider set in the environment',
  issuer: 'Issuer must be an https:// URL (http:// only on this machine: 127.0.0.1, ::1 or localhost)',
  ldapUrl: 'Directory URL must start with ldaps:// or ldap:// (ldap:// always upgrades with StartTLS)',
  searchFilter: 'Search filter must be in parentheses and contain {username}',
  roleMap: 'Each group maps to one of the roles user, vip, manager or admin',
  teamMap: 'Each group maps to a team address (lower-case letters, digits and hyphens)',
  unknownTeam: (slug: string) => `No team has the address ${slug}`,
  secretRequired: 'A new provider needs its secret',
  breakGlassRequired: 'Choose the emergency admin account that keeps its password before turning on SSO only',
  breakGlassNotAdmin: 'The emergency account must be an existing admin',
  ssoOnlyNeedsProvider: 'SSO only needs at least one enabled provider',
  providerNotFound: 'No such sign-in provider',
  notRedirectProvider: 'This provider signs in with a username and password, not a redirect',
  notDirectory: 'This provider is not a directory',
  missingFields: 'Username and password are required',
  invalidCredentials: 'Invalid username or password',
  alreadyLinked: 'This account already has an identity from this provider',
  notLinked: 'This account is not linked to this provider',
  lastWayIn:
    'This provider is your only way to sign in: add an email address first, so that you can reset your password by mail',
  lastWayInSsoOnly:
    'This site signs in through single sign-on only: your last linked provider cannot be unlinked',
  ssoOnly:
    'This site signs in through single sign-on only. A password works only for the emergency admin account.',
  registrationClosed: 'This site creates accounts through single sign-on only',
} as const;

/** Why a redirect sign-in came back to the login page (the `signInError` of its address). */
export const SIGN_IN_ERRORS = [
  'unavailable',
  'failed',
  'expired',
  'denied',
  'no-account',
  'already-linked',
  'not-signed-in',
  'sso-only',
] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

/** What the login and account pages say for each, naming the provider. */
export function signInErrorMessage(code: SignInError, provider: string): string {
  switch (code) {
    case 'unavailable':
      return `${provider} cannot be reached right now. Try again later, or sign in with your password.`;
    case 'failed':
      return `Sign-in with ${provider} could not be completed. Please try again.`;
    case 'expired':
      return 'That sign-in took too long or was already used. Please start again.';
    case 'denied':
      return `Sign-in with ${provider} was cancelled.`;
    case 'no-account':
      return `There is no account for this ${provider} identity, and this site does not create accounts at sign-in. Ask an administrator.`;
    case 'already-linked':
      return `This ${provider} identity is already linked to another account.`;
    case 'not-signed-in':
      return `Sign in first, then link ${provider} from your account page.`;
    case 'sso-only':
      return IDENTITY_MESSAGES.ssoOnly;
  }
}

/**
 * Where a sign-in may send the browser afterwards: a path of this site, nothing else (`//host`,
 * `/\host` and full URLs would make the sign-in an open redirect).
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  return /[\u0000-\u001f\u007f]/.test(value) ? '/' : value;
}

/** What a provider's optional fields are when the operator or the admin leaves them out. */
export const OIDC_DEFAULTS = {
  scopes: ['openid', 'email', 'profile'],
  usernameClaim: 'preferred_username',
  groupsClaim: 'groups',
};
export const LDAP_DEFAULTS = {
  searchFilter: '(uid={username})',
  usernameAttribute: 'uid',
  emailAttribute: 'mail',
  groupAttribute: 'memberOf',
};

export const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** https://, or http:// to this machine only (a provider beside the server, or the tests'). */
export function isAcceptedIssuer(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

const providerId = z.string().regex(PROVIDER_ID, IDENTITY_MESSAGES.providerId);
const name = z.string().trim().min(1).max(60);
const short = (max = 300) => z.string().trim().min(1).max(max);
const attribute = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9._-]{0,99}$/);
export const roleMapSchema = z
  .record(z.string().trim().min(1).max(300), z.enum(ROLES, IDENTITY_MESSAGES.roleMap))
  .refine((m) => Object.keys(m).length <= 100, 'At most 100 groups can be mapped');
export type RoleMap = z.infer<typeof roleMapSchema>;

/** Provider group → team slug: members follow the group at each sign-in. Absent in older settings. */
export const teamMapSchema = z
  .record(z.string().trim().min(1).max(300), z.string().regex(TEAM_SLUG_PATTERN, IDENTITY_MESSAGES.teamMap))
  .refine((m) => Object.keys(m).length <= 100, 'At most 100 groups can be mapped')
  .default({});
export type TeamMap = z.infer<typeof teamMapSchema>;

const oidcFields = {
  kind: z.literal('oidc'),
  id: providerId,
  name,
  enabled: z.boolean(),
  issuer: z.string().trim().max(500).refine(isAcceptedIssuer, IDENTITY_MESSAGES.issuer),
  clientId: short(),
  scopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/)).max(20),
  usernameClaim: attribute,
  groupsClaim: attribute,
  roleMap: roleMapSchema,
  teamMap: teamMapSchema,
};
const githubFields = {
  kind: z.literal('github'),
  id: providerId,
  name,
  enabled: z.boolean(),
  clientId: short(),
};
const ldapFields = {
  kind: z.literal('ldap'),
  id: providerId,
  name,
  enabled: z.boolean(),
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^ldaps?:\/\/[^\s/]+\/?$/i, IDENTITY_MESSAGES.ldapUrl),
  /** PEM certificates the directory's certificate must chain to; empty: the system's. */
  caCert: z.string().max(20_000),
  /** The account that searches the directory; empty: an anonymous search. */
  bindDn: z.string().trim().max(500),
  searchBase: short(500),
  searchFilter: z
    .string()
    .trim()
    .max(500)
    .refine(
      (f) => f.startsWith('(') && f.endsWith(')') && f.includes('{username}'),
      IDENTITY_MESSAGES.searchFilter,
    ),
  usernameAttribute: attribute,
  emailAttribute: attribute,
  groupAttribute: attribute,
  roleMap: roleMapSchema,
  teamMap: teamMapSchema,
};
const secret = z.string().max(2000);

/** A provider as stored in the settings (secrets included: the server's copy). */
export const identityProviderSettingSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...oidcFields, clientSecret: secret }),
  z.strictObject({ ...githubFields, clientSecret: secret }),
  z.strictObject({ ...ldapFields, bindPassword: secret }),
]);
export type IdentityProviderSetting = z.infer<typeof identityProviderSettingSchema>;

/** A provider as the admin sends it: a secret left out keeps the stored one. */
export const identityProviderInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...oidcFields, clientSecret: secret.optional() }),
  z.strictObject({ ...githubFields, clientSecret: secret.optional() }),
  z.strictObject({ ...ldapFields, bindPassword: secret.optional() }),
]);
export type IdentityProviderInput = z.infer<typeof identityProviderInputSchema>;

/** A provider as the admin sees it: never a secret, only whether one is set. */
export const identityProviderViewSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...oidcFields, clientSecretSet: z.boolean(), source: z.enum(['environment', 'panel']) }),
  z.strictObject({ ...githubFields, clientSecretSet: z.boolean(), source: z.enum(['environment', 'panel']) }),
  z.strictObject({ ...ldapFields, bindPasswordSet: z.boolean(), source: z.enum(['environment', 'panel']) }),
]);
export type IdentityProviderView = z.infer<typeof identityProviderViewSchema>;

const switches = {
  /** Sign-in through providers only; the emergency admin alone keeps a password. */
  ssoOnly: z.boolean(),
  /** Username of that emergency admin account. */
  ssoBreakGlassAdmin: z.string().trim().max(200),
  /** A first sign-in finds an account (linked, or by verified email) but never creates one. */
  ssoExistingAccountsOnly: z.boolean(),
};

/** PUT /api/admin/identity: any of the switches, and the panel's providers as a whole list. */
export const updateIdentityBodySchema = z.strictObject({
  providers: z.array(identityProviderInputSchema).max(20).optional(),
  ssoOnly: switches.ssoOnly.optional(),
  ssoBreakGlassAdmin: switches.ssoBreakGlassAdmin.optional(),
  ssoExistingAccountsOnly: switches.ssoExistingAccountsOnly.optional(),
});
export type UpdateIdentityBody = z.infer<typeof updateIdentityBodySchema>;

export const identityAdminViewSchema = z.strictObject({
  /** The environment's first (read-only here), then the panel's. */
  providers: z.array(identityProviderViewSchema),
  ...switches,
  /** The site's origin, from which each provider's redirect URI is made; null until one is set. */
  siteOrigin: z.string().nullable(),
});
export type IdentityAdminView = z.infer<typeof identityAdminViewSchema>;

/** GET /api/auth/providers: the enabled ones, for the login and register screens. */
export const publicProviderSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(IDENTITY_KINDS),
});
export type PublicProvider = z.infer<typeof publicProviderSchema>;

/** GET /api/user/identities: every enabled provider, and whether this account is linked to it. */
export const accountIdentitySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(IDENTITY_KINDS),
  linked: z.boolean(),
  /** What the provider calls this person (username or email), when linked. */
  linkedAs: z.string().nullable(),
  linkedAt: z.iso.datetime().nullable(),
});
export type AccountIdentity = z.infer<typeof accountIdentitySchema>;

/** POST /api/auth/ldap/:id/login and …/link. */
export const directoryCredentialsSchema = z.object({
  username: z.string().max(200),
  password: z.string().max(1000),
  captchaToken: z.string().max(4096).optional().default(''),
});
export type DirectoryCredentials = z.input<typeof directoryCredentialsSchema>;

/** Linking a provider to a signed-in account: a code where the account has a second factor. */
export const linkBodySchema = stepUpBodySchema;
export const directoryLinkBodySchema = directoryCredentialsSchema.extend({
  secondFactorCode: secondFactorCodeField,
});
