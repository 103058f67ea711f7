import * as oidc from 'openid-client';
import { z } from 'zod';
import type { SignInError } from '../../../common/schemas/identity.js';
import type { Clock } from '../../clock.js';
import { type ExternalIdentity, SignInProblem } from './external-identity.js';
import { githubIdentity } from './github-identity.js';
import type { RedirectProviderConfig } from './provider-directory.js';

/**
 * The redirect sign-ins (OpenID Connect, and GitHub's OAuth 2) through `openid-client`: it makes
 * the authorization URL, redeems the code with PKCE and checks `state`, and for OpenID Connect the
 * ID token's signature, issuer, audience, expiry and `nonce`. Nothing here parses a token by hand.
 */

/**
 * A callback reuses the discovery document its start fetched, for this long; every start fetches
 * it afresh, which also tells at once (with a clear message) that a provider is down before the
 * browser is sent there. A failed lookup is not kept.
 */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Each call to a provider; past it the provider counts as unreachable. */
const TIMEOUT_SECONDS = 10;
const GITHUB_SCOPE = 'read:user user:email';

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface AuthorizationResponse {
  /** The callback as the provider called it: the redirect URI with its query. */
  callbackUrl: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Plain http only to this machine (a provider beside the server, the tests' own). */
function allowsHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(hostname);
}

/** A provider that did not answer, or answered 5xx: 'unavailable'; any refusal: 'failed'. */
function classify(error: unknown): SignInError {
  if (error instanceof oidc.AuthorizationResponseError) {
    return error.error === 'access_denied' ? 'denied' : 'failed';
  }
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof TypeError && e.message === 'fetch failed') return 'unavailable';
    if (e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError'))
      return 'unavailable';
    if (e instanceof Response && e.status >= 500) return 'unavailable';
    if (e instanceof oidc.ResponseBodyError && e.status >= 500) return 'unavailable';
  }
  return 'failed';
}

const stringClaim = z.string().min(1).max(500);
const claimText = (v: unknown) => (stringClaim.safeParse(v).success ? (v as string) : null);

function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string').slice(0, 500) : [];
}

export function createRedirectProtocol(deps: { clock: Clock; github: { oauthUrl: string; apiUrl: string } }) {
  const discovered = new Map<
    string,
    { at: number; server: oidc.ServerMetadata; jwks?: oidc.ExportedJWKSCache }
  >();

  async function serverOf(p: RedirectProviderConfig, fresh = false): Promise<oidc.ServerMetadata> {
    if (p.kind === 'github') {
      const base = deps.github.oauthUrl;
      return {
        issuer: base,
        authorization_endpoint: `${base}/login/oauth/authorize`,
        token_endpoint: `${base}/login/oauth/access_token`,
      };
    }
    const cached = discovered.get(p.issuer);
    if (cached && !fresh && deps.clock.now() - cached.at < DISCOVERY_TTL_MS) return cached.server;
    try {
      const found = await oidc.discovery(new URL(p.issuer), p.clientId, undefined, undefined, {
        execute: allowsHttp(p.issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: TIMEOUT_SECONDS,
      });
      const server = found.serverMetadata();
      discovered.set(p.issuer, { at: deps.clock.now(), server, jwks: cached?.jwks });
      return server;
    } catch (cause) {
      throw new SignInProblem('unavailable', { cause });
    }
  }

  /** A configuration judging times by the server's clock (tests move it), with the kept key set. */
  function configurationOf(p: RedirectProviderConfig, server: oidc.ServerMetadata): oidc.Configuration {
    const skew = Math.round((deps.clock.now() - Date.now()) / 1000);
    const auth = server.token_endpoint_auth_methods_supported?.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(p.clientSecret)
      : oidc.ClientSecretPost(p.clientSecret);
    const config = new oidc.Configuration(server, p.clientId, { [oidc.clockSkew]: skew }, auth);
    config.timeout = TIMEOUT_SECONDS;
    const local = p.kind === 'github' ? deps.github.oauthUrl : p.issuer;
    if (allowsHttp(local)) oidc.allowInsecureRequests(config);
    const jwks = discovered.get(server.issuer)?.jwks;
    if (jwks) oidc.setJwksCache(config, jwks);
    return config;
  }

  function keepJwks(server: oidc.ServerMetadata, config: oidc.Configuration): void {
    const entry = discovered.get(server.issuer);
    if (entry) entry.jwks = oidc.getJwksCache(config);
  }

  async function oidcIdentity(
    p: Extract<RedirectProviderConfig, { kind: 'oidc' }>,
    config: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<ExternalIdentity> {
    const claims = tokens.claims()!;
    let info: Record<string, unknown> = claims;
    const mapsGroups = Object.keys(p.roleMap).length > 0 || Object.keys(p.teamMap).length > 0;
    const wanted = [p.usernameClaim, 'email', ...(mapsGroups ? [p.groupsClaim] : [])];
    // Some providers keep email or groups out of the ID token; their userinfo answer has them.
    if (wanted.some((k) => info[k] === undefined) && config.serverMetadata().userinfo_endpoint) {
      info = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    }
    const email = claimText(info.email)?.toLowerCase() ?? null;
    return {
      subject: claims.sub,
      username: claimText(info[p.usernameClaim]),
      email,
      emailVerified: email !== null && (info.email_verified === true || info.email_verified === 'true'),
      groups: groupsOf(info[p.groupsClaim]),
      linkedAs: claimText(info.preferred_username) ?? email ?? claimText(info.name),
    };
  }

  return {
    /** Fresh random `state`, `nonce` and PKCE verifier for one sign-in, and the verifier's challenge. */
    async newChecks() {
      const codeVerifier = oidc.randomPKCECodeVerifier();
      return {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier,
        codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      };
    },

    /** Where to send the browser; throws SignInProblem('unavailable') when discovery fails. */
    async authorizationUrl(p: RedirectProviderConfig, r: AuthorizationRequest): Promise<string> {
      const server = await serverOf(p, true);
      const common = {
        redirect_uri: r.redirectUri,
        state: r.state,
        code_challenge: r.codeChallenge,
        code_challenge_method: 'S256',
      };
      const params =
        p.kind === 'github'
          ? { ...common, scope: GITHUB_SCOPE }
          : { ...common, nonce: r.nonce, scope: [...new Set(['openid', ...p.scopes])].join(' ') };
      return oidc.buildAuthorizationUrl(configurationOf(p, server), params).href;
    },

    /** Redeems the callback's code and says who signed in; SignInProblem when anything is off. */
    async redeem(p: RedirectProviderConfig, r: AuthorizationResponse): Promise<ExternalIdentity> {
      const server = await serverOf(p);
      const config = configurationOf(p, server);
      try {
        const checks =
          p.kind === 'github'
            ? { pkceCodeVerifier: r.codeVerifier, expectedState: r.state }
            : {
                pkceCodeVerifier: r.codeVerifier,
                expectedState: r.state,
                expectedNonce: r.nonce,
                idTokenExpected: true,
              };
        const tokens = await oidc.authorizationCodeGrant(config, r.callbackUrl, checks);
        return p.kind === 'github'
          ? await githubIdentity(config, tokens.access_token, deps.github.apiUrl)
          : await oidcIdentity(p, config, tokens);
      } catch (cause) {
        if (cause instanceof SignInProblem) throw cause;
        throw new SignInProblem(classify(cause), { cause });
      } finally {
        keepJwks(server, config);
      }
    },

    /** The provider's sign-out page, when it has one (and answers); null otherwise. */
    async endSessionUrl(p: RedirectProviderConfig, postLogoutRedirectUri: string): Promise<string | null> {
      if (p.kind !== 'oidc') return null;
      const server = await serverOf(p).catch(() => null);
      if (!server?.end_session_endpoint) return null;
      const config = configurationOf(p, server);
      return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: postLogoutRedirectUri }).href;
    },
  };
}

export type RedirectProtocol = ReturnType<typeof createRedirectProtocol>;
