import type { Kysely } from 'kysely';
import { CHANGE_PASSWORD_MIN } from '../../../common/constants.js';
import {
  ACCOUNT_MESSAGES,
  type ChangePasswordBody,
  type PasswordChangeResult,
  type UserSettings,
} from '../../../common/schemas/account.js';
import { isEmailLike } from '../../../common/schemas/auth.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';
import { CHANGE_EMAIL_PER_USER, CHANGE_PASSWORD_PER_USER } from '../auth/auth.limits.js';
import { deleteUnusedTokens, findLiveToken } from '../auth/email-tokens.repository.js';
import type { EmailVerificationService } from '../auth/email-verification.service.js';
import { deleteUserSessions } from '../auth/sessions.repository.js';
import type { MailContext } from '../mail/mail.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ApiKeyService } from './api-keys.service.js';
import { findUserByEmail, type UserRow, updateUser } from './users.repository.js';

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  settings: SettingsService;
  rateLimiter: RateLimiter;
  verification: EmailVerificationService;
  apiKeys: ApiKeyService;
}

export type AccountService = ReturnType<typeof createAccountService>;

/** The signed-in user's own account: password, email address and what the account page shows. */
export function createAccountService(deps: Deps) {
  const { db, clock, settings, rateLimiter, verification, apiKeys } = deps;

  /** Per account: a stolen session must not become a password-guessing oracle. */
  async function checkCurrentPassword(user: UserRow, password: string, limit: LimitRule): Promise<void> {
    await rateLimiter.consume([[limit, String(user.id)]]);
    if (!(await verifyPassword(user.password_hash, password))) {
      throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong);
    }
  }

  return {
    /**
     * Needs the current password. Ends every other session of the user (keeps `keepSession`),
     * drops pending reset links, and revokes the API key unless the body says to keep it.
     */
    async changePassword(
      user: UserRow,
      body: ChangePasswordBody,
      keepSession: string | null,
    ): Promise<PasswordChangeResult> {
      if (!body.currentPassword || !body.newPassword) throw badRequest(ACCOUNT_MESSAGES.fillAllFields);
      if (body.newPassword.length < CHANGE_PASSWORD_MIN)
        throw badRequest(ACCOUNT_MESSAGES.changePasswordTooShort);
      await checkCurrentPassword(user, body.currentPassword, CHANGE_PASSWORD_PER_USER);
      const passwordHash = await hashPassword(body.newPassword);
      const apiKeyRevoked = await db.transaction().execute(async (trx) => {
        await updateUser(trx, user.id, { password_hash: passwordHash });
        await deleteUserSessions(trx, user.id, keepSession ?? undefined);
        await deleteUnusedTokens(trx, user.id, 'reset-password');
        return body.revokeApiKey ? apiKeys.revoke(trx, user.id) : false;
      });
      return {
        message: apiKeyRevoked
          ? ACCOUNT_MESSAGES.passwordChangedKeyRevoked
          : ACCOUNT_MESSAGES.passwordChanged,
        apiKeyRevoked,
      };
    },

    /**
     * Starts an email change: the new address gets a verification link and becomes the account's
     * address only when the link is followed. A mail failure is reported (502) and nothing is kept.
     */
    async changeEmail(user: UserRow, rawEmail: string, ctx: MailContext): Promise<void> {
      if (!(await settings.get()).requireEmailVerification) {
        throw badRequest(ACCOUNT_MESSAGES.emailChangeNeedsVerification);
      }
      const email = rawEmail.trim().toLowerCase();
      if (!isEmailLike(email)) throw badRequest(ACCOUNT_MESSAGES.emailInvalid);
      if (email === user.email) throw badRequest(ACCOUNT_MESSAGES.emailUnchanged);
      await rateLimiter.consume([[CHANGE_EMAIL_PER_USER, String(user.id)]]);
      if (await findUserByEmail(db, email)) throw conflict(ACCOUNT_MESSAGES.emailInUse);
      const token = await verification.issueToken(db, user.id, email);
      try {
        await verification.sendMail(user.username, email, token, ctx.requestOrigin);
      } catch (err) {
        ctx.log.error({ err, userId: user.id }, 'email change mail could not be sent');
        await deleteUnusedTokens(db, user.id, 'verify-email');
        throw new AppError('MAIL_FAILED', ACCOUNT_MESSAGES.changeMailFailed);
      }
    },

    async userSettings(user: UserRow): Promise<UserSettings> {
      const s = await settings.get();
      const pending = await findLiveToken(db, user.id, 'verify-email', clock.now());
      const pendingEmail = pending?.payload ? (JSON.parse(pending.payload) as { email: string }).email : null;
      const key = apiKeys.status(user);
      return {
        requireEmailVerification: s.requireEmailVerification,
        enableApiKeys: s.enableApiKeys,
        emailVerified: user.email_verified === 1,
        email: user.email,
        pendingEmail,
        hasApiKey: key.hasApiKey,
        apiKeyHint: key.hint,
        role: user.role,
        isVip: user.role === 'vip' || user.vip_activated_at !== null,
        vipLicenseUrl: s.vipLicenseUrl,
      };
    },
  };
}
