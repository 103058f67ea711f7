import type { Kysely } from 'kysely';
import { GENERIC_MESSAGES, LOGIN_MESSAGES, REGISTER_MESSAGES } from '../../../common/messages.js';
import {
  type LoginBody,
  loginError,
  placeholderEmail,
  type RegisterBody,
  registrationError,
} from '../../../common/schemas/auth.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import type { Captcha } from '../../infra/captcha/captcha.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { MailContext } from '../mail/mail.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { findUserByEmail, findUserByUsername, insertUser, type UserRow } from '../users/users.repository.js';
import {
  ACCOUNTS_CREATED_PER_IP,
  LOGIN_PER_IP,
  LOGIN_PER_USERNAME,
  REGISTER_ATTEMPTS_PER_IP,
  REGISTER_PER_USERNAME,
} from './auth.limits.js';
import type { EmailVerificationService } from './email-verification.service.js';

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  settings: SettingsService;
  captcha: Captcha;
  rateLimiter: RateLimiter;
  verification: EmailVerificationService;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: Deps) {
  const { db, clock, settings, captcha, rateLimiter, verification } = deps;

  return {
    /**
     * Creates a 'user' account. With email verification on, the account waits for its link; a mail
     * provider failure is logged and reported in the result, the account is kept.
     */
    async register(
      body: Required<RegisterBody>,
      ip: string,
      ctx: MailContext,
    ): Promise<{ user: UserRow; requiresVerification: boolean; verificationEmailSent: boolean }> {
      const s = await settings.get();
      const requireEmail = s.requireEmailVerification;
      const username = body.username.trim();
      await rateLimiter.consume([
        [REGISTER_ATTEMPTS_PER_IP, ip],
        [REGISTER_PER_USERNAME, username.toLowerCase()],
      ]);
      const problem = registrationError({ ...body, username }, { requireEmail, checkCaptcha: false });
      if (problem) throw badRequest(problem);
      await captcha.verify(s, body.captchaToken, ip);

      const email = requireEmail ? body.email.trim().toLowerCase() : placeholderEmail(username);
      if (await findUserByUsername(db, username)) throw conflict(REGISTER_MESSAGES.usernameTaken);
      if (requireEmail && (await findUserByEmail(db, email))) throw conflict(REGISTER_MESSAGES.emailTaken);
      const passwordHash = await hashPassword(body.password);
      // Counted before the insert, so parallel registrations cannot pass the limit together; given
      // back below when no account is created.
      await rateLimiter.consume([[ACCOUNTS_CREATED_PER_IP, ip]], GENERIC_MESSAGES.tooManyAccounts);
      let created: { user: UserRow; token: string | null };
      try {
        // The user and its verification token commit together; the mail goes out only after that.
        created = await db.transaction().execute(async (trx) => {
          const user = await insertUser(trx, {
            username,
            username_key: username.toLowerCase(),
            email,
            role: 'user',
            password_hash: passwordHash,
            created_at: clock.now(),
            registration_ip: ip,
            api_key_hash: null,
            api_key_hint: null,
            email_verified: requireEmail ? 0 : 1,
            vip_activated_at: null,
            vip_banner_url: null,
            vip_banner_link: null,
          });
          const token = requireEmail ? await verification.issueToken(trx, user.id, null) : null;
          return { user, token };
        });
      } catch (e) {
        await rateLimiter.refund(ACCOUNTS_CREATED_PER_IP, ip);
        if (isUniqueViolation(e)) throw conflict(REGISTER_MESSAGES.usernameTaken);
        throw e;
      }
      const { user, token } = created;
      if (!token) return { user, requiresVerification: false, verificationEmailSent: false };
      try {
        await verification.sendMail(user.username, user.email, token);
        return { user, requiresVerification: true, verificationEmailSent: true };
      } catch (err) {
        // The account stays: the user can ask for a new link once mail works again.
        ctx.log.error({ err, userId: user.id }, 'verification mail could not be sent');
        return { user, requiresVerification: true, verificationEmailSent: false };
      }
    },

    /** Checks credentials in the same time whether or not the account exists. */
    async login(body: Required<LoginBody>, ip: string): Promise<UserRow> {
      const key = body.username.trim().toLowerCase();
      await rateLimiter.consume([[LOGIN_PER_IP, ip]]);
      const problem = loginError(body);
      if (problem) throw badRequest(problem);
      const s = await settings.get();
      await captcha.verify(s, body.captchaToken, ip);
      // Waits the same whether or not the account exists, and before the password is checked.
      await rateLimiter.slowDown(LOGIN_PER_USERNAME, key);

      const user = await findUserByUsername(db, key);
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), body.password);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', LOGIN_MESSAGES.invalidCredentials);
      if (s.requireEmailVerification && user.email_verified !== 1) {
        throw new AppError('EMAIL_NOT_VERIFIED', LOGIN_MESSAGES.emailNotVerified);
      }
      await rateLimiter.reset(LOGIN_PER_USERNAME, key);
      return user;
    },
  };
}
