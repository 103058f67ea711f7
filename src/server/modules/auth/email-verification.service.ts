import type { Kysely } from 'kysely';
import { VERIFICATION_LINK_TTL_MS } from '../../../common/constants.js';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/account.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { boxSecret, openSecretBox } from '../../lib/secret-box.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { SecondFactorService } from '../identity/second-factor.service.js';
import type { MailContext, MailService } from '../mail/mail.service.js';
import { renderVerificationEmail } from '../mail/mail.templates.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ApiKeyService } from '../users/api-keys.service.js';
import type { UsersService } from '../users/users.service.js';
import { RESEND_PER_IP, RESEND_PER_TARGET, REVEAL_PER_IP } from './auth.limits.js';
import {
  consumeEmailToken,
  deleteExpiredEmailTokens,
  deleteUnusedTokens,
  findEmailToken,
  findLiveEmailToken,
  insertEmailToken,
} from './email-tokens.repository.js';

/** The reveal code travels in a URL, so it lives only minutes and works once. */
export const REVEAL_CODE_TTL_MS = 10 * 60 * 1000;

/** A verification link that cannot be used; the message is shown on /verify-email-success. */
export class VerificationLinkError extends Error {}

export type VerifyOutcome = { kind: 'verified'; revealCode: string | null } | { kind: 'email-changed' };

interface Deps {
  users: UsersService;
  db: Kysely<Database>;
  clock: Clock;
  settings: SettingsService;
  mail: MailService;
  apiKeys: ApiKeyService;
  rateLimiter: RateLimiter;
  secondFactor: SecondFactorService;
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;

export function createEmailVerificationService(deps: Deps) {
  const { db, users, clock, settings, mail, apiKeys, rateLimiter, secondFactor } = deps;

  /**
   * A fresh verification token (raw, for the mail), stored hashed; the user's older unused links
   * stop working. `newEmail` makes it an email-change link for that address.
   */
  async function issueToken(trx: Kysely<Database>, userId: number, newEmail: string | null): Promise<string> {
    await deleteUnusedTokens(trx, userId, 'verify-email');
    const token = randomToken(32);
    await insertEmailToken(trx, {
      tokenHash: hashToken(token),
      userId,
      purpose: 'verify-email',
      payload: newEmail ? JSON.stringify({ email: newEmail }) : null,
      now: clock.now(),
      ttlMs: VERIFICATION_LINK_TTL_MS,
    });
    return token;
  }

  async function message(username: string, to: string, token: string) {
    const link = `${await mail.linkOrigin()}/api/verify-email/${token}`;
    return { to, ...renderVerificationEmail(await settings.get(), { username, email: to, link }) };
  }

  return {
    /** Drops expired links and codes (a background task). */
    sweepExpiredTokens: () => deleteExpiredEmailTokens(db, clock.now()),

    issueToken,

    /** Sends the verification mail and waits for the provider; throws its error. */
    async sendMail(username: string, to: string, token: string): Promise<void> {
      await mail.send(await message(username, to, token));
    },

    /**
     * Uses a verification link: marks the address verified (or switches to the new address) and,
     * for a new account, creates its first API key, sealed under a one-time reveal code.
     */
    async verify(token: string): Promise<VerifyOutcome> {
      if (!token || token.length > 200)
        throw new VerificationLinkError(ACCOUNT_MESSAGES.invalidVerificationLink);
      const hash = hashToken(token);
      const now = clock.now();
      // Read before the transaction: on SQLite a read through the default handle would wait for it.
      const { enableApiKeys } = await settings.get();
      // An account with a second factor gets its key from the account page, after a code: the
      // mailbox alone must not hand one out.
      const pending = await findLiveEmailToken(db, hash, 'verify-email', now);
      const keyAllowed =
        enableApiKeys && !(pending && (await secondFactor.methodsOf(pending.user_id)).length > 0);
      const use = () =>
        db.transaction().execute(async (trx) => {
          const row = await consumeEmailToken(trx, hash, 'verify-email', now);
          if (!row) {
            const known = await findEmailToken(trx, hash, 'verify-email');
            if (!known) throw new VerificationLinkError(ACCOUNT_MESSAGES.invalidVerificationLink);
            throw new VerificationLinkError(
              known.used_at !== null
                ? ACCOUNT_MESSAGES.usedVerificationLink
                : ACCOUNT_MESSAGES.expiredVerificationLink,
            );
          }
          const newEmail = row.payload ? (JSON.parse(row.payload) as { email: string }).email : null;
          if (newEmail) {
            const other = await users.findByEmail(newEmail, trx);
            if (other && other.id !== row.user_id)
              throw new VerificationLinkError(ACCOUNT_MESSAGES.emailInUse);
            await users.update(row.user_id, { email: newEmail, email_verified: 1 }, trx);
            // Reset links went to the old address: they must not outlive the change.
            await deleteUnusedTokens(trx, row.user_id, 'reset-password');
            return { kind: 'email-changed' as const };
          }
          await users.update(row.user_id, { email_verified: 1 }, trx);
          const key = keyAllowed ? await apiKeys.createIfMissing(trx, row.user_id) : null;
          if (!key) return { kind: 'verified' as const, revealCode: null };
          const code = randomToken(32);
          await insertEmailToken(trx, {
            tokenHash: hashToken(code),
            userId: row.user_id,
            purpose: 'reveal-api-key',
            payload: boxSecret(key, code),
            now,
            ttlMs: REVEAL_CODE_TTL_MS,
          });
          return { kind: 'verified' as const, revealCode: code };
        });
      try {
        return await use();
      } catch (e) {
        // Another account took the new address after our check (the unique index said so).
        if (isUniqueViolation(e)) throw new VerificationLinkError(ACCOUNT_MESSAGES.emailInUse);
        throw e;
      }
    },

    /** Redeems a reveal code once: the API key created at verification, shown this one time. */
    async revealApiKey(code: string, ip: string): Promise<{ apiKey: string; username: string }> {
      await rateLimiter.consume([[REVEAL_PER_IP, ip]]);
      const invalid = () => badRequest(ACCOUNT_MESSAGES.revealInvalid);
      if (!code || code.length > 200) throw invalid();
      const row = await consumeEmailToken(db, hashToken(code), 'reveal-api-key', clock.now());
      const apiKey = row?.payload ? openSecretBox(row.payload, code) : null;
      const user = row && apiKey ? await users.findById(row.user_id) : undefined;
      if (!user || !apiKey) throw invalid();
      if (!apiKeys.isCurrent(user, apiKey)) throw badRequest(ACCOUNT_MESSAGES.revealReplaced);
      return { apiKey, username: user.username };
    },

    /**
     * Sends a new link to an account still waiting for verification. The answer is the same
     * whatever happened, and the mail goes out in the background so timing tells nothing either.
     */
    async resend(body: { username: string; email: string }, ip: string, ctx: MailContext): Promise<void> {
      const username = body.username.trim().toLowerCase();
      const email = body.email.trim().toLowerCase();
      if (!username && !email) throw badRequest(ACCOUNT_MESSAGES.usernameOrEmailRequired);
      await rateLimiter.consume([
        [RESEND_PER_IP, ip],
        [RESEND_PER_TARGET, username || email],
      ]);
      if (!(await settings.get()).requireEmailVerification) return;
      const user = username ? await users.findByUsername(username) : await users.findByEmail(email);
      if (!user || user.email_verified === 1) return;
      const token = await issueToken(db, user.id, null);
      mail.sendInBackground(message(user.username, user.email, token), ctx.log, 'verification');
    },
  };
}
