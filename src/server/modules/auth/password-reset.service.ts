import type { Kysely } from 'kysely';
import { RESET_LINK_TTL_MS, RESET_PASSWORD_MIN } from '../../../common/constants.js';
import { SECOND_FACTOR_MESSAGES } from '../../../common/messages.js';
import {
  ACCOUNT_MESSAGES,
  type PasswordChangeResult,
  type ResetPasswordBody,
} from '../../../common/schemas/account.js';
import { isEmailLike, placeholderEmail } from '../../../common/schemas/auth.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { SecondFactorService } from '../identity/second-factor.service.js';
import type { MailContext, MailService } from '../mail/mail.service.js';
import { renderForgotPasswordEmail } from '../mail/mail.templates.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import { FORGOT_PER_EMAIL, FORGOT_PER_IP, RESET_PER_IP } from './auth.limits.js';
import type { CredentialChanges } from './credential-change.js';
import {
  consumeEmailToken,
  deleteUnusedTokens,
  findLiveEmailToken,
  insertEmailToken,
} from './email-tokens.repository.js';

interface Deps {
  users: UsersService;
  db: Kysely<Database>;
  clock: Clock;
  settings: SettingsService;
  mail: MailService;
  rateLimiter: RateLimiter;
  credentials: CredentialChanges;
  secondFactor: SecondFactorService;
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

export function createPasswordResetService({
  db,
  users,
  clock,
  settings,
  mail,
  rateLimiter,
  credentials,
  secondFactor,
}: Deps) {
  /**
   * The mailbox alone must not open an account with a second factor: the reset asks for its code
   * too (checked before the token is used up, so a missing code leaves the link working).
   */
  async function checkSecondFactor(token: string, code: string | undefined, ip: string): Promise<void> {
    const row = await findLiveEmailToken(db, hashToken(token), 'reset-password', clock.now());
    if (!row || (await secondFactor.methodsOf(row.user_id)).length === 0) return;
    if (!code?.trim()) throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.stepUpRequired);
    await secondFactor.verify(row.user_id, code, ip);
  }

  /** Issues a reset token for the address's account, if it has one that can receive mail, and mails it. */
  async function mailResetLink(email: string): Promise<void> {
    const user = await users.findByEmail(email);
    // Accounts made without verification have a placeholder address nobody can receive.
    if (!user || user.email === placeholderEmail(user.username)) return;
    const token = randomToken(32);
    await db.transaction().execute(async (trx) => {
      await deleteUnusedTokens(trx, user.id, 'reset-password');
      await insertEmailToken(trx, {
        tokenHash: hashToken(token),
        userId: user.id,
        purpose: 'reset-password',
        // The address the link goes to: a reset is refused once the account has another one.
        payload: JSON.stringify({ email: user.email }),
        now: clock.now(),
        ttlMs: RESET_LINK_TTL_MS,
      });
    });
    const link = `${await mail.linkOrigin()}/reset-password?token=${token}`;
    const rendered = renderForgotPasswordEmail(await settings.get(), { username: user.username, link });
    await mail.send({ to: user.email, ...rendered });
  }

  return {
    /**
     * Mails a reset link valid 1 h. Nothing in the answer depends on whether the address is known:
     * the caller always gets the same message, and the lookup, the token and the mail all happen
     * after the answer, so its timing tells nothing either.
     */
    async forgot(rawEmail: string, ip: string, ctx: MailContext): Promise<{ message: string }> {
      const email = rawEmail.trim().toLowerCase();
      if (!email) throw badRequest(ACCOUNT_MESSAGES.emailRequired);
      if (!isEmailLike(email)) throw badRequest(ACCOUNT_MESSAGES.emailInvalid);
      await rateLimiter.consume([
        [FORGOT_PER_IP, ip],
        [FORGOT_PER_EMAIL, email],
      ]);
      mail.runInBackground(() => mailResetLink(email), ctx.log, 'password reset');
      return { message: ACCOUNT_MESSAGES.forgotSent };
    },

    /**
     * Sets a new password with a reset token: the token is used up, every session of the user
     * ends, the API key is revoked (whoever took over the account may hold it), a pending email
     * change is dropped, and the address the link went to counts as verified (following it proves
     * ownership). A token mailed to an address the account no longer has is refused.
     */
    async reset(body: ResetPasswordBody, ip: string): Promise<PasswordChangeResult> {
      await rateLimiter.consume([[RESET_PER_IP, ip]]);
      const failed = () => badRequest(ACCOUNT_MESSAGES.resetFailed);
      if (!body.token) throw failed();
      if (body.newPassword.length < RESET_PASSWORD_MIN)
        throw badRequest(ACCOUNT_MESSAGES.resetPasswordTooShort);
      await checkSecondFactor(body.token, body.secondFactorCode, ip);
      const passwordHash = await hashPassword(body.newPassword);
      const now = clock.now();
      const apiKeyRevoked = await db.transaction().execute(async (trx) => {
        const row = await consumeEmailToken(trx, hashToken(body.token), 'reset-password', now);
        const user = row ? await users.findById(row.user_id, trx) : undefined;
        if (!row || !user) throw failed();
        const sentTo = row.payload ? (JSON.parse(row.payload) as { email: string }).email : null;
        if (sentTo !== user.email) throw failed();
        await users.update(user.id, { password_hash: passwordHash, email_verified: 1 }, trx);
        return (await credentials.revokeAccess(trx, user.id)).apiKeyRevoked;
      });
      return {
        message: apiKeyRevoked ? ACCOUNT_MESSAGES.resetDoneKeyRevoked : ACCOUNT_MESSAGES.resetDone,
        apiKeyRevoked,
      };
    },
  };
}
