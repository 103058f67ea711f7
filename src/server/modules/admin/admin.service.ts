import type { Kysely } from 'kysely';
import { CHANGE_PASSWORD_MIN, type Role } from '../../../common/constants.js';
import { canAdminister, roleChangesFor } from '../../../common/policies.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';
import {
  ADMIN_MESSAGES,
  type AdminPaste,
  type AdminPastesQuery,
  type AdminStats,
  type AdminUser,
  type UpdateUserBody,
} from '../../../common/schemas/admin.js';
import { isEmailLike } from '../../../common/schemas/auth.js';
import { PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import { iso } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { CredentialChanges } from '../auth/credential-change.js';
import type { SecondFactorService } from '../identity/second-factor.service.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import { isEncrypted } from '../pastes/encrypted-content.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { presentAdminUser } from './admin.presenter.js';

interface Deps {
  db: Kysely<Database>;
  users: UsersService;
  credentials: CredentialChanges;
  pastes: PastesService;
  moderation: ModerationService;
  settings: SettingsService;
  secondFactor: SecondFactorService;
}

export type AdminService = ReturnType<typeof createAdminService>;

/** The admin's list shows the newest pastes; the search reaches the rest. */
const PASTE_LIST_LIMIT = 1000;

/** Ids in the URL are numbers; anything else names no account. */
function userId(raw: string): number {
  const id = Number(raw);
  if (!/^[1-9][0-9]{0,15}$/.test(raw) || !Number.isSafeInteger(id))
    throw notFound(ADMIN_MESSAGES.userNotFound);
  return id;
}

/**
 * What the admin panel does across modules: it decides (who may change what) and calls the
 * owning modules' services for the data.
 */
export function createAdminService(deps: Deps) {
  const { db, users, credentials, pastes, moderation, settings, secondFactor } = deps;
  async function findUser(raw: string): Promise<UserRow> {
    const user = await users.findById(userId(raw));
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
    return user;
  }

  async function present(row: UserRow): Promise<AdminUser> {
    const enrolled = await secondFactor.enrolledAmong([row.id]);
    return presentAdminUser(row, (await pastes.countByUser()).get(row.id) ?? 0, enrolled.has(row.id));
  }

  return {
    /** Managers see the pending counts only; admins also the site's totals (spec §2). */
    async stats(role: Role): Promise<AdminStats> {
      const pending = await moderation.pendingCounts();
      if (!canAdminister(role)) return pending;
      return { ...pending, totalUsers: await users.count(), ...(await pastes.totals()) };
    },

    async listUsers(role?: Role): Promise<AdminUser[]> {
      const [rows, counts] = await Promise.all([users.list(role), pastes.countByUser()]);
      const enrolled = await secondFactor.enrolledAmong(rows.map((r) => r.id));
      return rows.map((r) => presentAdminUser(r, counts.get(r.id) ?? 0, enrolled.has(r.id)));
    },

    /**
     * Removes a person's second factor (they lost their authenticator and their recovery codes):
     * their next sign-in takes the password alone, and they can set up a new one.
     */
    async resetSecondFactor(raw: string): Promise<AdminUser> {
      const target = await findUser(raw);
      if (!(await secondFactor.reset(target.id))) throw conflict(ADMIN_MESSAGES.noSecondFactor);
      return present(target);
    },

    async userPastes(raw: string, page: number, pageSize: number) {
      const user = await findUser(raw);
      return pastes.listForOwner(user.id, { page, pageSize, search: '' });
    },

    /**
     * One change per call. A role change needs RBAC on and follows roleChangesFor; a new password
     * or email follows the credential-change rule: sessions, API key and pending links all end.
     */
    async updateUser(actor: UserRow, raw: string, body: UpdateUserBody): Promise<AdminUser> {
      const target = await findUser(raw);
      if ('role' in body) {
        if (!(await settings.get()).enableRbac) throw forbidden(ADMIN_MESSAGES.rbacOff);
        if (actor.id === target.id) throw badRequest(ADMIN_MESSAGES.ownRole);
        if (!roleChangesFor(actor, target).includes(body.role))
          throw badRequest(ADMIN_MESSAGES.roleNotAllowed);
        await users.update(target.id, { role: body.role });
      } else if ('password' in body) {
        if (!body.password.trim()) throw badRequest(ADMIN_MESSAGES.passwordRequired);
        if (body.password.length < CHANGE_PASSWORD_MIN)
          throw badRequest(ACCOUNT_MESSAGES.changePasswordTooShort);
        const passwordHash = await hashPassword(body.password);
        await db.transaction().execute(async (tx) => {
          await users.update(target.id, { password_hash: passwordHash }, tx);
          await credentials.revokeAccess(tx, target.id);
        });
      } else {
        const email = body.email.trim().toLowerCase();
        if (!email || !isEmailLike(email)) throw badRequest(ADMIN_MESSAGES.emailInvalid);
        const owner = await users.findByEmail(email);
        if (owner && owner.id !== target.id) throw conflict(ADMIN_MESSAGES.emailInUse);
        await db.transaction().execute(async (tx) => {
          // The admin vouches for the address: it counts as verified.
          await users.update(target.id, { email, email_verified: 1 }, tx);
          await credentials.revokeAccess(tx, target.id);
        });
      }
      return present((await users.findById(target.id))!);
    },

    /** The account goes; its pastes stay, anonymous. Never one's own. */
    async deleteUser(actor: UserRow, raw: string): Promise<void> {
      const target = await findUser(raw);
      if (actor.id === target.id) throw badRequest(ADMIN_MESSAGES.ownAccount);
      if (!(await users.delete(target.id))) throw notFound(ADMIN_MESSAGES.userNotFound);
    },

    async listPastes(query: AdminPastesQuery): Promise<{ pastes: AdminPaste[]; total: number }> {
      const { rows, total } = await pastes.listAll(query, PASTE_LIST_LIMIT);
      return {
        total,
        pastes: rows.map((r) => ({
          id: r.id,
          title: r.title,
          privacy: r.privacy,
          expiration: r.expiration,
          expiresAt: iso(r.expires_at),
          burnAfterReading: r.burn_after_reading === 1,
          viewCount: Number(r.view_count),
          createdAt: iso(r.created_at)!,
          userId: r.user_id,
          username: r.author_username ?? 'Anonymous',
          userRole: r.author_role ?? null,
          sizeBytes: Number(r.size_bytes),
          encrypted: isEncrypted(r),
        })),
      };
    },

    async deletePaste(id: string): Promise<void> {
      if (!(await pastes.delete(id))) throw notFound(PASTE_MESSAGES.notFound);
      await moderation.forgetSharedKeys(id);
    },
  };
}
