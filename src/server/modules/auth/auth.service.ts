import type { Kysely } from 'kysely';
import { GENERIC_MESSAGES, LOGIN_MESSAGES, REGISTER_MESSAGES } from '../../../common/messages.js';
import {
  isPlaceholderAddress,
  type LoginBody,
  loginError,
  placeholderEmail,
  type RegisterBody,
  registrationError,
} from '../../../common/schemas/auth.js';
import { IDENTITY_MESSAGES } from '../../../common/schemas/identity.js';
import type { Settings } from '../../../common/schemas/settings.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden } from '../../errors.js';
import type { Captcha } from '../../infra/captcha/captcha.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { MailContext, MailService } from '../mail/mail.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { renderRegistrationAttemptNotice } from './account-notices.js';
import {
  ACCOUNTS_CREATED_PER_IP,
  LOGIN_PER_IP,
  LOGIN_PER_USERNAME,
  REGISTER_ATTEMPTS_PER_IP,
  REGISTER_PER_USERNAME,
} from './auth.limits.js';
import type { EmailVerificationService } from './email-verification.service.js';

interface Deps {
  users: UsersService;
  db: Kysely<Database>;
  clock: Clock;
  settings: SettingsService;
  captcha: Captcha;
  rateLimiter: RateLimiter;
  verification: EmailVerificationService;
  mail: MailService;
}

export interface RegisterResult {
  requiresVerification: boolean;
  verificationEmailSent: boolean;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** With "SSO only", the one account a password still signs in: the emergency admin's. */
function isBreakGlassAdmin(user: UserRow, s: Settings): boolean {
  return user.role === 'admin' && user.username_key === s.ssoBreakGlassAdmin.trim().toLowerCase();
}

export function createAuthService(deps: Deps) {
  const { db, users, clock, settings, captcha, rateLimiter, verification, mail } = deps;

  /** Sends the one mail a registration makes; its failure is logged and told, like before. */
  async function sendOrReport(send: () => Promise<void>, ctx: MailContext, userId: number) {
    try {
      await send();
      return { requiresVerification: true, verificationEmailSent: true };
    } catch (err) {
      // The account stays: the user can ask for a new link once mail works again.
      ctx.log.error({ err, userId }, 'registration mail could not be sent');
      return { requiresVerification: true, verificationEmailSent: false };
    }
  }

  /** Someone registered with an address that has an account: its owner hears of it, nobody else. */
  async function notifyOwner(owner: UserRow, ctx: MailContext): Promise<RegisterResult> {
    const origin = await mail.linkOrigin();
    const rendered = renderRegistrationAttemptNotice({
      siteTitle: (await settings.get()).siteTitle,
      username: owner.username,
      loginLink: `${origin}/auth?tab=login`,
      forgotLink: `${origin}/forgot-password`,
    });
    return sendOrReport(() => mail.send({ to: owner.email, ...rendered }), ctx, owner.id);
  }

  return {
    /**
     * Creates a 'user' account. With email verification on, the account waits for its link; a mail
     * provider failure is logged and reported in the result, the account is kept.
     *
     * An address that already has an account gets the same answer as a new one, after the same
     * work (a password hash and one mail to that address, here a notice to its owner), so the
     * answer does not tell who has an account. Usernames are public: a taken one is
     * said so. One account per address is kept by a unique index.
     */
    async register(body: Required<RegisterBody>, ip: string, ctx: MailContext): Promise<RegisterResult> {
      const s = await settings.get();
      const requireEmail = s.requireEmailVerification;
      const username = body.username.trim();
      await rateLimiter.consume([
        [REGISTER_ATTEMPTS_PER_IP, ip],
        [REGISTER_PER_USERNAME, username.toLowerCase()],
      ]);
      if (s.ssoOnly) throw forbidden(IDENTITY_MESSAGES.registrationClosed);
      const problem = registrationError({ ...body, username }, { requireEmail, checkCaptcha: false });
      if (problem) throw badRequest(problem);
      const email = requireEmail ? body.email.trim().toLowerCase() : placeholderEmail(username);
      if (requireEmail && isPlaceholderAddress(email)) throw badRequest(REGISTER_MESSAGES.emailInvalid);
      await captcha.verify(s, body.captchaToken, ip);

      if (await users.findByUsername(username)) throw conflict(REGISTER_MESSAGES.usernameTaken);
      const owner = requireEmail ? await users.findByEmail(email) : undefined;
      const passwordHash = await hashPassword(body.password);
      // Counted before the insert, so parallel registrations cannot pass the limit together; given
      // back below when no account is created. A taken address counts too, so the limit's answer
      // does not tell it from a new one.
      await rateLimiter.consume([[ACCOUNTS_CREATED_PER_IP, ip]], GENERIC_MESSAGES.tooManyAccounts);
      if (owner) return notifyOwner(owner, ctx);
      let created: { user: UserRow; token: string | null };
      try {
        // The user and its verification token commit together; the mail goes out only after that.
        created = await db.transaction().execute(async (trx) => {
          const user = await users.create(
            {
              username,
              email,
              role: 'user',
              password_hash: passwordHash,
              created_at: clock.now(),
              registration_ip: ip,
              email_verified: requireEmail ? 0 : 1,
            },
            trx,
          );
          const token = requireEmail ? await verification.issueToken(trx, user.id, null) : null;
          return { user, token };
        });
      } catch (e) {
        await rateLimiter.refund(ACCOUNTS_CREATED_PER_IP, ip);
        if (!isUniqueViolation(e)) throw e;
        // A parallel registration won the race: for the username, or for the address.
        if (await users.findByUsername(username)) throw conflict(REGISTER_MESSAGES.usernameTaken);
        const winner = requireEmail ? await users.findByEmail(email) : undefined;
        if (winner) return notifyOwner(winner, ctx);
        // Only a placeholder address, which is the username's, can be left.
        throw conflict(REGISTER_MESSAGES.usernameTaken);
      }
      const { user, token } = created;
      if (!token) return { requiresVerification: false, verificationEmailSent: false };
      return sendOrReport(() => verification.sendMail(user.username, user.email, token), ctx, user.id);
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

      const user = await users.findByUsername(key);
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), body.password);
      // The same answer whether or not the password was right: it tells nothing about either.
      if (s.ssoOnly && !(user && ok && isBreakGlassAdmin(user, s)))
        throw forbidden(IDENTITY_MESSAGES.ssoOnly);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', LOGIN_MESSAGES.invalidCredentials);
      if (s.requireEmailVerification && user.email_verified !== 1) {
        throw new AppError('EMAIL_NOT_VERIFIED', LOGIN_MESSAGES.emailNotVerified);
      }
      await rateLimiter.reset(LOGIN_PER_USERNAME, key);
      return user;
    },
  };
}
