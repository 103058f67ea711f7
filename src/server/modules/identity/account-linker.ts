import type { Kysely } from 'kysely';
import { isPlaceholderAddress, placeholderEmail } from '../../../common/schemas/auth.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomToken } from '../../lib/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { TeamsService } from '../teams/teams.service.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { type ExternalIdentity, SignInProblem } from './external-identity.js';
import { findLink, findUserLink, insertLink, touchLink } from './identity.repository.js';
import type { ProviderConfig } from './provider-directory.js';
import { mappedRole } from './role-map.js';
import { createTeamMapSync, type SignInContext } from './team-map.js';
import { uniqueUsername } from './usernames.js';

export type { SignInContext } from './team-map.js';

/** Tries of a new username when parallel sign-ins take the one chosen. */
const USERNAME_TRIES = 5;

/**
 * Which account an external identity signs in to: the one linked to it; else an account whose
 * verified address the provider also vouches for (then linked); else a new one, unless the admin
 * chose "only existing accounts". An address the provider does not vouch for is never used: it
 * links nothing and is not stored. Then the provider's groups set the role (role-map.ts) and the
 * teams of its team map (team-map.ts).
 */
export function createAccountLinker(deps: {
  db: Kysely<Database>;
  users: UsersService;
  audit: AuditService;
  settings: SettingsService;
  teams: Pick<TeamsService, 'syncProviderTeams'>;
  clock: Clock;
}) {
  const { db, users, audit, settings, clock } = deps;
  const applyTeams = createTeamMapSync(deps);

  /** An account the provider's verified address belongs to, and that has no identity of it yet. */
  async function accountByVerifiedEmail(
    p: ProviderConfig,
    id: ExternalIdentity,
  ): Promise<UserRow | undefined> {
    if (!id.emailVerified || !id.email || isPlaceholderAddress(id.email)) return undefined;
    const owner = await users.findByEmail(id.email);
    // An unconfirmed address on our side proves nothing either (someone may have typed another's).
    if (owner?.email_verified !== 1) return undefined;
    return (await findUserLink(db, owner.id, p.id)) ? undefined : owner;
  }

  async function createAccount(p: ProviderConfig, id: ExternalIdentity, ip: string): Promise<UserRow> {
    // Nobody knows this password: the account signs in through the provider (or resets it by mail).
    const passwordHash = await hashPassword(randomToken(32));
    for (let attempt = 1; ; attempt++) {
      const free =
        id.emailVerified &&
        id.email &&
        !isPlaceholderAddress(id.email) &&
        !(await users.findByEmail(id.email));
      const username = await uniqueUsername(
        id.username ?? id.email,
        async (n) => !!(await users.findByUsername(n)),
      );
      try {
        return await db.transaction().execute(async (trx) => {
          const user = await users.create(
            {
              username,
              email: free ? id.email! : placeholderEmail(username),
              role: 'user',
              password_hash: passwordHash,
              created_at: clock.now(),
              registration_ip: ip,
              email_verified: 1,
            },
            trx,
          );
          await insertLink(trx, newLink(p, id, user.id));
          return user;
        });
      } catch (e) {
        if (!isUniqueViolation(e) || attempt >= USERNAME_TRIES) throw e;
        // Another sign-in of the same identity won the race: use its account.
        const link = await findLink(db, p.id, id.subject);
        if (link) return (await users.findById(link.user_id))!;
      }
    }
  }

  function newLink(p: ProviderConfig, id: ExternalIdentity, userId: number) {
    const now = clock.now();
    return {
      provider_id: p.id,
      subject: id.subject,
      user_id: userId,
      linked_as: id.linkedAs,
      created_at: now,
      last_sign_in_at: now,
    };
  }

  async function accountFor(p: ProviderConfig, id: ExternalIdentity, ctx: SignInContext): Promise<UserRow> {
    const link = await findLink(db, p.id, id.subject);
    const linked = link ? await users.findById(link.user_id) : undefined;
    if (linked) {
      await touchLink(db, p.id, id.subject, clock.now(), id.linkedAs);
      return linked;
    }
    const owner = await accountByVerifiedEmail(p, id);
    if (owner) {
      await insertLink(db, newLink(p, id, owner.id));
      return owner;
    }
    if ((await settings.get()).ssoExistingAccountsOnly) throw new SignInProblem('no-account');
    return createAccount(p, id, ctx.ip);
  }

  /** The provider's groups decide the role; every change is in the audit log. */
  async function applyGroups(p: ProviderConfig, id: ExternalIdentity, user: UserRow, ctx: SignInContext) {
    if (p.kind === 'github') return user;
    const s = await settings.get();
    // Role management switched off keeps every role; the emergency admin is never the provider's to change.
    if (!s.enableRbac || user.username_key === s.ssoBreakGlassAdmin.trim().toLowerCase()) return user;
    const role = mappedRole(user.role, id.groups, p.roleMap);
    if (role === user.role) return user;
    await users.update(user.id, { role });
    await audit.record(
      { actor: { id: user.id, username: user.username }, requestId: ctx.requestId, ip: ctx.ip },
      {
        action: 'user.role_change',
        target: { type: 'user', id: user.id },
        details: {
          username: user.username,
          role,
          previousRole: user.role,
          provider: p.id,
          source: 'group mapping',
        },
      },
    );
    return { ...user, role };
  }

  return {
    /** The account this identity signs in to (found, linked or made), its role and teams set by its groups. */
    async signInAccount(p: ProviderConfig, id: ExternalIdentity, ctx: SignInContext): Promise<UserRow> {
      const user = await applyGroups(p, id, await accountFor(p, id, ctx), ctx);
      await applyTeams(p, id, user, ctx);
      return user;
    },

    /** Links the identity to a signed-in account (its owner asked, from the account page). */
    async link(p: ProviderConfig, id: ExternalIdentity, userId: number): Promise<void> {
      const existing = await findLink(db, p.id, id.subject);
      if (existing?.user_id === userId) return;
      if (existing || (await findUserLink(db, userId, p.id))) throw new SignInProblem('already-linked');
      try {
        await insertLink(db, newLink(p, id, userId));
      } catch (e) {
        if (isUniqueViolation(e)) throw new SignInProblem('already-linked');
        throw e;
      }
    },
  };
}

export type AccountLinker = ReturnType<typeof createAccountLinker>;
