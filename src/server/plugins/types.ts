import type { Role } from '../../common/constants.js';
import { canAdminister, canModerate, type RouteScope } from '../../common/policies.js';
import type { UserRow } from '../modules/users/users.service.js';
import type { Services } from '../services.js';

/**
 * Who may call a route. Every route declares one (a test walks the table):
 * - public: anyone; signed-in: any account; staff: manager or admin; admin: admin only;
 * - setup: anyone before first-run setup is complete, admin only after it.
 */
export type Access = 'public' | 'signed-in' | 'staff' | 'admin' | 'setup';

/** What each role-bound access level asks of the caller's role (common/policies). */
export const ACCESS_POLICY: Record<Exclude<Access, 'public' | 'signed-in'>, (role: Role) => boolean> = {
  staff: canModerate,
  admin: canAdminister,
  setup: canAdminister,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The 401 message when a signed-in route is called without an account (default: generic). */
    signInMessage?: string;
    /** Answer even before first-run setup is complete. */
    allowBeforeSetup?: boolean;
    /** A POST that changes nothing (a password check, signing out): address bans let it through. */
    notAWrite?: boolean;
    /** API-key authentication accepted on this route (X-API-Key or Authorization: Bearer). */
    apiKey?: boolean;
    /** With apiKey: the scope an access token needs here (none: no token may call it). */
    tokenScope?: RouteScope;
    /**
     * On a members-only site (requireSignInToRead), a visitor may still call this route: the ways
     * in (sign-in, registration, recovery), public settings, first-run setup. Every other route answers
     * visitors 401 there (plugins/members-only.ts).
     */
    openToVisitors?: boolean;
    /** Creates a paste: refused to visitors while the site asks a sign-in to create. */
    createsPaste?: boolean;
    /** Needs a fresh second-factor check where the account has a factor (plugins/second-factor-gate.ts). */
    freshSecondFactor?: boolean;
    /** Open to an account that must still enrol a second factor its role requires. */
    duringEnrolment?: boolean;
    /** A smaller limit for JSON bodies than the route's bodyLimit (which raw bodies keep). */
    jsonBodyLimit?: number;
    /** The 413 message for a JSON body over this route's limit (e.g. where to send large content). */
    jsonTooLargeMessage?: string;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** How `user` was authenticated. */
    authMethod: 'session' | 'api-key' | 'access-token' | null;
    /** Hash of the session id in use, for logout and "end other sessions". */
    sessionIdHash: string | null;
    /** When the session in use last passed a second-factor check (null: never, or no session). */
    sessionSecondFactorAt: number | null;
    /** The account's role requires a second factor it has not set up (second-factor-gate.ts). */
    secondFactorEnrolmentRequired: boolean;
  }
  interface FastifyInstance {
    services: Services;
  }
}
