import type { Kysely } from 'kysely';
import { CHANGE_PASSWORD_MIN } from '../../../common/constants.js';
import { isVipMember } from '../../../common/policies.js';
import {
  ACCOUNT_MESSAGES,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type PasswordChangeResult,
  type UserSettings,
} from '../../../common/schemas/account.js';
import { isEmailLike, isPlaceholderAddress, placeholderEmail } from '../../../common/schemas/auth.js';
import type { Settings } from '../../../common/schemas/settings.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';
import type { MailContext, MailService } from '../mail/mail.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ApiKeyService } from '../users/api-keys.service.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { renderEmailChangeNotice } from './account-notices.js';
import { CHANGE_EMAIL_PER_USER, CHANGE_PASSWORD_PER_USER } from './auth.limits.js';
import type { CredentialChanges } from './credential-change.js';
import { deleteUnusedTokens, findLiveToken } from './email-tokens.repository.js';
import type { EmailVerificationService } from './email-verification.service.js';
import { deleteUserSessions } from './sessions.repository.js';

interface Deps {
  users: UsersService;
  db: Kysely<Database>;
  clock: Clock;
  settings: SettingsService;
  rateLimiter: RateLimiter;
  verification: EmailVerificationService;
  apiKeys: ApiKeyService;
  credentials: CredentialChanges;
  mail: MailService;
}

export type AccountService = ReturnType<typeof createAccountService>;

/** A new address is confirmed by a link while mail can be sent (or verification demands it). */
const confirmsByMail = (s: Pick<Settings, 'requireEmailVerification' | 'emailProvider'>) =>
  s.requireEmailVerification || s.emailProvider !== 'none';

/** The signed-in user's own account: password, email address and what the account page shows. */
export function createAccountService(deps: Deps) {
  const { db, users, clock, settings, rateLimiter, verification, apiKeys, credentials, mail } = deps;

  /** Per account: a stolen session must not become a password-guessing oracle. */
  async function checkCurrentPassword(user: UserRow, password: string, limit: LimitRule): Promise<void> {
    await rateLimiter.consume([[limit, String(user.id)]]);
    if (!(await verifyPassword(user.password_hash, password))) {
      throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong);
    }
  }

  /** No mail to confirm by: the address is the account's at once, not verified. */
  async function changeAtOnce(user: UserRow, email: string, keepSession: string | null): Promise<void> {
    try {
      await db.transaction().execute(async (trx) => {
        await users.update(user.id, { email, email_verified: 0 }, trx);
        // Reset links went to the old address; the key stays, as with a confirmed change.
        await credentials.revokeAccess(trx, user.id, {
          keepSession: keepSession ?? undefined,
          keepApiKey: true,
        });
      });
    } catch (e) {
      // Another account took the address after our check (the unique index said so).
      if (isUniqueViolation(e)) throw conflict(ACCOUNT_MESSAGES.emailInUse);
      throw e;
    }
  }

  /** Placeholder addresses (accounts made without verification) reach nobody. */
  function noticeToOldAddress(user: UserRow, newEmail: string, siteTitle: string, ctx: MailContext): void {
    if (user.email === placeholderEmail(user.username)) return;
    // Made in the background too: without a configured site origin no link (and no mail) is made.
    const notice = (async () => ({
      to: user.email,
      ...renderEmailChangeNotice({
        siteTitle,
        username: user.username,
        newEmail,
        forgotLink: `${await mail.linkOrigin()}/forgot-password`,
      }),
    }))();
    mail.sendInBackground(notice, ctx.log, 'email change notice');
  }

  return {
    /**
     * Needs the current password. The credential-change rule (credential-change.ts) applies, keeping
     * `keepSession`, and the API key unless the body asks to revoke it.
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
        await users.update(user.id, { password_hash: passwordHash }, trx);
        const { apiKeyRevoked } = await credentials.revokeAccess(trx, user.id, {
          keepSession: keepSession ?? undefined,
          keepApiKey: !body.revokeApiKey,
        });
        return apiKeyRevoked;
      });
      return {
        message: apiKeyRevoked
          ? ACCOUNT_MESSAGES.passwordChangedKeyRevoked
          : ACCOUNT_MESSAGES.passwordChanged,
        apiKeyRevoked,
      };
    },

    /**
     * Changes the address, after the current password (a borrowed session must not be enough to
     * take the account). With mail (a provider, or verification required) the new address gets a
     * link and becomes the account's only when it is followed, and the old one gets a notice;
     * without, it changes at once, unverified. Either way every other session ends. A mail
     * failure is reported (502) and nothing is kept.
     */
    async changeEmail(user: UserRow, body: ChangeEmailBody, keepSession: string | null, ctx: MailContext) {
      const s = await settings.get();
      const email = body.email.trim().toLowerCase();
      if (!isEmailLike(email) || isPlaceholderAddress(email)) throw badRequest(ACCOUNT_MESSAGES.emailInvalid);
      if (email === user.email) throw badRequest(ACCOUNT_MESSAGES.emailUnchanged);
      if (!body.currentPassword) throw badRequest(ACCOUNT_MESSAGES.currentPasswordRequired);
      await checkCurrentPassword(user, body.currentPassword, CHANGE_EMAIL_PER_USER);
      if (await users.findByEmail(email)) throw conflict(ACCOUNT_MESSAGES.emailInUse);
      if (!confirmsByMail(s)) {
        await changeAtOnce(user, email, keepSession);
        return { message: ACCOUNT_MESSAGES.emailChanged };
      }
      const token = await verification.issueToken(db, user.id, email);
      try {
        await verification.sendMail(user.username, email, token);
      } catch (err) {
        ctx.log.error({ err, userId: user.id }, 'email change mail could not be sent');
        await deleteUnusedTokens(db, user.id, 'verify-email');
        throw new AppError('MAIL_FAILED', ACCOUNT_MESSAGES.changeMailFailed);
      }
      await deleteUserSessions(db, user.id, keepSession ?? undefined);
      noticeToOldAddress(user, email, s.siteTitle, ctx);
      return { message: ACCOUNT_MESSAGES.emailChangeSent };
    },

    async userSettings(user: UserRow): Promise<UserSettings> {
      const s = await settings.get();
      const pending = await findLiveToken(db, user.id, 'verify-email', clock.now());
      const pendingEmail = pending?.payload ? (JSON.parse(pending.payload) as { email: string }).email : null;
      const key = apiKeys.status(user);
      return {
        requireEmailVerification: s.requireEmailVerification,
        emailChangeByLink: confirmsByMail(s),
        enableApiKeys: s.enableApiKeys,
        emailVerified: user.email_verified === 1,
        email: user.email,
        pendingEmail,
        hasApiKey: key.hasApiKey,
        apiKeyHint: key.hint,
        role: user.role,
        isVip: isVipMember({ role: user.role, vipActivated: user.vip_activated_at !== null }),
        vipLicenseUrl: s.vipLicenseUrl,
      };
    },
  };
}
