import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isPlaceholderAddress } from '../../../common/schemas/auth.js';
import {
  type AccountIdentity,
  type DirectoryCredentials,
  IDENTITY_MESSAGES,
  type PublicProvider,
  signInErrorMessage,
} from '../../../common/schemas/identity.js';
import { type Clock, iso } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { Captcha } from '../../infra/captcha/captcha.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { TeamsService } from '../teams/teams.service.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { createAccountLinker, type SignInContext } from './account-linker.js';
import { directorySignIn } from './directory-protocol.js';
import { SignInProblem } from './external-identity.js';
import { DIRECTORY_PER_IP, DIRECTORY_PER_USERNAME, REDIRECT_STARTS_PER_IP } from './identity.limits.js';
import {
  deleteExpiredFlows,
  deleteUserLink,
  insertFlow,
  listUserLinks,
  takeFlow,
} from './identity.repository.js';
import { createIdentityAdmin } from './identity-admin.js';
import {
  createProviderDirectory,
  type DirectoryConfig,
  type ProviderConfig,
  type RedirectProviderConfig,
} from './provider-directory.js';
import { createRedirectProtocol } from './redirect-protocol.js';

type Logger = Pick<FastifyBaseLogger, 'warn'>;

/** How long a redirect sign-in may take between its start and its callback. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  settings: SettingsService;
  users: UsersService;
  audit: AuditService;
  teams: Pick<TeamsService, 'syncProviderTeams' | 'exists'>;
  captcha: Captcha;
  rateLimiter: RateLimiter;
  /** The site's configured origin (setup domain or PUBLIC_ORIGIN): redirect URIs are made from it. */
  siteOrigin: () => Promise<string | null>;
  config: Config['identity'];
}

/** What a redirect sign-in's callback came to. */
export type RedirectOutcome =
  | { kind: 'signed-in'; user: UserRow; provider: RedirectProviderConfig; returnTo: string }
  | { kind: 'linked' };

/**
 * Signing in through external identities: the providers (environment and panel), the redirect
 * flows of OpenID Connect and GitHub, directory sign-in, and links between identities and
 * accounts. It answers who signed in to which account; the session is started by auth's signIn.
 */
export function createIdentityService(deps: Deps) {
  const { db, clock, settings, rateLimiter } = deps;
  const directory = createProviderDirectory({ fromEnvironment: deps.config.providers, settings });
  const protocol = createRedirectProtocol({
    clock,
    github: { oauthUrl: deps.config.githubOAuthUrl, apiUrl: deps.config.githubApiUrl },
  });
  const linker = createAccountLinker(deps);

  async function providerOf<K extends ProviderConfig['kind']>(id: string, kinds: K[]) {
    const p = await directory.find(id);
    if (!p) throw notFound(IDENTITY_MESSAGES.providerNotFound);
    if (!(kinds as string[]).includes(p.kind)) {
      throw badRequest(
        p.kind === 'ldap' ? IDENTITY_MESSAGES.notRedirectProvider : IDENTITY_MESSAGES.notDirectory,
      );
    }
    return p as Extract<ProviderConfig, { kind: K }>;
  }

  async function callbackUri(id: string): Promise<string> {
    const origin = await deps.siteOrigin();
    if (!origin)
      throw new SignInProblem('unavailable', { cause: new Error('the site has no configured origin') });
    return `${origin}/api/auth/oidc/${id}/callback`;
  }

  /** A directory's refusal as the JSON answer of its route; what went wrong goes to the log. */
  function answerOf(problem: unknown, p: ProviderConfig, log: Logger): unknown {
    if (!(problem instanceof SignInProblem)) return problem;
    log.warn({ err: problem.cause, provider: p.id, code: problem.code }, 'sign-in through a provider failed');
    const message = signInErrorMessage(problem.code, p.name);
    return problem.code === 'unavailable' ? new AppError('UNAVAILABLE', message) : forbidden(message);
  }

  async function directoryIdentity(p: DirectoryConfig, creds: DirectoryCredentials, log: Logger) {
    const username = creds.username.trim();
    if (!username || !creds.password) throw badRequest(IDENTITY_MESSAGES.missingFields);
    const key = `${p.id}:${username.toLowerCase()}`;
    await rateLimiter.slowDown(DIRECTORY_PER_USERNAME, key);
    const identity = await directorySignIn(p, username, creds.password).catch((e: unknown) => {
      throw answerOf(e, p, log);
    });
    if (!identity) throw new AppError('INVALID_CREDENTIALS', IDENTITY_MESSAGES.invalidCredentials);
    await rateLimiter.reset(DIRECTORY_PER_USERNAME, key);
    return identity;
  }

  return {
    ...createIdentityAdmin({
      directory,
      settings,
      users: deps.users,
      teams: deps.teams,
      siteOrigin: deps.siteOrigin,
    }),

    async publicProviders(): Promise<PublicProvider[]> {
      return (await directory.enabled()).map(({ id, name, kind }) => ({ id, name, kind }));
    },

    /** The provider's name for messages, or its id when it is gone. */
    async nameOf(id: string): Promise<string> {
      return (await directory.find(id))?.name ?? id;
    },

    /**
     * Starts a redirect sign-in (or, with `linkUserId`, a link): the flow is kept in the database
     * under the hash of `flowToken`, which goes to the browser in an HttpOnly cookie.
     */
    async beginRedirect(id: string, opts: { returnTo: string; linkUserId: number | null; ip: string }) {
      await rateLimiter.consume([[REDIRECT_STARTS_PER_IP, opts.ip]]);
      const p = await providerOf(id, ['oidc', 'github']);
      const checks = await protocol.newChecks();
      const url = await protocol.authorizationUrl(p, { ...checks, redirectUri: await callbackUri(id) });
      const flowToken = randomToken(32);
      await insertFlow(db, {
        id_hash: hashToken(flowToken),
        provider_id: id,
        state: checks.state,
        nonce: checks.nonce,
        code_verifier: checks.codeVerifier,
        return_to: opts.returnTo,
        link_user_id: opts.linkUserId,
        expires_at: clock.now() + FLOW_TTL_MS,
      });
      return { url, flowToken };
    },

    /**
     * The callback: the flow of this browser is taken (once), the code redeemed and every check
     * made, then the account found, linked or made. SignInProblem says why it cannot complete.
     */
    async completeRedirect(
      id: string,
      flowToken: string | undefined,
      query: string,
      ctx: SignInContext & { userId: number | null },
    ): Promise<RedirectOutcome> {
      const p = await providerOf(id, ['oidc', 'github']);
      const flow = flowToken ? await takeFlow(db, hashToken(flowToken), id, clock.now()) : undefined;
      if (!flow) throw new SignInProblem('expired');
      const identity = await protocol.redeem(p, {
        callbackUrl: new URL(`${await callbackUri(id)}${query}`),
        state: flow.state,
        nonce: flow.nonce,
        codeVerifier: flow.code_verifier,
      });
      if (flow.link_user_id !== null) {
        if (ctx.userId !== flow.link_user_id) throw new SignInProblem('not-signed-in');
        await linker.link(p, identity, flow.link_user_id);
        return { kind: 'linked' };
      }
      const user = await linker.signInAccount(p, identity, ctx);
      return { kind: 'signed-in', user, provider: p, returnTo: flow.return_to };
    },

    /** Directory sign-in: the account of the directory's user, when the password is theirs. */
    async directorySignIn(id: string, creds: Required<DirectoryCredentials>, ctx: SignInContext) {
      await rateLimiter.consume([[DIRECTORY_PER_IP, ctx.ip]]);
      const p = await providerOf(id, ['ldap']);
      // As on the login form: a signed-in link needs none.
      await deps.captcha.verify(await settings.get(), creds.captchaToken, ctx.ip);
      const identity = await directoryIdentity(p, creds, ctx.log);
      const user = await linker.signInAccount(p, identity, ctx).catch((e: unknown) => {
        throw answerOf(e, p, ctx.log);
      });
      return { user, provider: p };
    },

    /** Links a directory identity to the signed-in account, on its password. */
    async directoryLink(
      id: string,
      creds: DirectoryCredentials,
      opts: { userId: number; ip: string; log: Logger },
    ) {
      const { userId, ip, log } = opts;
      await rateLimiter.consume([[DIRECTORY_PER_IP, ip]]);
      const p = await providerOf(id, ['ldap']);
      const identity = await directoryIdentity(p, creds, log);
      await linker.link(p, identity, userId).catch((e: unknown) => {
        throw answerOf(e, p, log);
      });
    },

    /** Every enabled provider, and whether (and as whom) this account is linked to it. */
    async identitiesOf(userId: number): Promise<AccountIdentity[]> {
      const links = new Map((await listUserLinks(db, userId)).map((l) => [l.provider_id, l]));
      return (await directory.enabled()).map(({ id, name, kind }) => {
        const link = links.get(id);
        return {
          id,
          name,
          kind,
          linked: !!link,
          linkedAs: link?.linked_as ?? null,
          linkedAt: iso(link?.created_at ?? null),
        };
      });
    },

    /**
     * Removes the account's link to a provider. The last link stays when it is the only way in:
     * on an SSO-only site, or when the account has no address to reset its password by.
     */
    async unlink(userId: number, providerId: string): Promise<void> {
      const links = await listUserLinks(db, userId);
      if (!links.some((l) => l.provider_id === providerId)) throw notFound(IDENTITY_MESSAGES.notLinked);
      if (links.length === 1) {
        const user = await deps.users.findById(userId);
        if ((await settings.get()).ssoOnly) throw conflict(IDENTITY_MESSAGES.lastWayInSsoOnly);
        if (!user || isPlaceholderAddress(user.email)) throw conflict(IDENTITY_MESSAGES.lastWayIn);
      }
      await deleteUserLink(db, userId, providerId);
    },

    /** Where signing out of a session of this provider continues, or null. */
    async endSessionUrl(providerId: string): Promise<string | null> {
      const p = await directory.find(providerId);
      const origin = await deps.siteOrigin();
      if (!p || p.kind === 'ldap' || !origin) return null;
      return protocol.endSessionUrl(p, `${origin}/`);
    },

    /** Background: redirect sign-ins never completed. */
    sweep: () => deleteExpiredFlows(db, clock.now()),
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
