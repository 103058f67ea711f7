import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { Role } from '../../../common/constants.js';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CHALLENGE_TTL_MS,
  TOTP_DIGITS,
  TOTP_PERIOD_SEC,
  TOTP_WINDOW_STEPS,
} from '../../../common/constants.js';
import { SECOND_FACTOR_MESSAGES } from '../../../common/messages.js';
import {
  normalizeRecoveryCode,
  type SecondFactorMethod,
  type SecondFactorStatus,
  type TotpEnrolment,
} from '../../../common/schemas/second-factor.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { PasskeyService } from './passkeys.service.js';
import { SECOND_FACTOR_PER_IP, SECOND_FACTOR_PER_USER } from './second-factor.limits.js';
import * as repo from './second-factor.repository.js';

/** How the first factor was passed, kept with the challenge for the session that follows. */
export interface FirstFactor {
  method: 'password' | 'oidc' | 'github' | 'ldap';
  provider: string | null;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 10 characters from a 31-letter alphabet (~50 bits), shown as two groups of five. */
function newRecoveryCode(): string {
  const bytes = Buffer.from(randomToken(16), 'base64url');
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[bytes[i]! % RECOVERY_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SEC,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * Second factors (TOTP and recovery codes here, passkeys in passkeys.service.ts) and the sign-ins
 * that wait for one. Codes are checked
 * against the server's clock; a TOTP code's time step is taken once, a recovery code is used once.
 */
export function createSecondFactorService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  rateLimiter: RateLimiter;
  settings: SettingsService;
  /** Passkeys are a second factor too: an account holding one has a factor. */
  passkeys: Pick<PasskeyService, 'count' | 'holdersAmong' | 'removeAll'>;
}) {
  const { db, clock, rateLimiter, settings, passkeys } = deps;

  /** The time step a TOTP code belongs to (within the window), or null. */
  function matchingStep(secret: string, code: string): number | null {
    const timestamp = clock.now();
    const delta = totpOf(secret).validate({ token: code, timestamp, window: TOTP_WINDOW_STEPS });
    if (delta === null) return null;
    return Math.floor(timestamp / 1000 / TOTP_PERIOD_SEC) + delta;
  }

  /** Checks a code of a confirmed factor, counting the attempt; a used code never passes again. */
  async function verify(userId: number, code: string, ip: string): Promise<void> {
    await rateLimiter.consume([
      [SECOND_FACTOR_PER_USER, String(userId)],
      [SECOND_FACTOR_PER_IP, ip],
    ]);
    const factor = await repo.findTotpFactor(db, userId);
    if (!factor?.confirmed_at) throw badRequest(SECOND_FACTOR_MESSAGES.notEnrolled);
    const typed = code.replace(/\s/g, '');
    if (/^\d+$/.test(typed)) {
      const step = matchingStep(factor.secret, typed);
      if (step !== null && (await repo.claimTotpStep(db, userId, step))) return;
    } else {
      const hash = hashToken(normalizeRecoveryCode(typed));
      if (await repo.claimRecoveryCode(db, userId, hash, clock.now())) return;
    }
    throw new AppError('INVALID_CREDENTIALS', SECOND_FACTOR_MESSAGES.invalidCode);
  }

  /**
   * Completes a waiting sign-in once `check` passed for its account (a code, or a passkey's
   * answer): the account and its first factor, once. A failed check leaves the challenge for
   * another try (the rate limit bounds them).
   */
  async function completeChallengeWith(
    token: string | undefined,
    check: (userId: number) => Promise<unknown>,
  ) {
    const idHash = token ? hashToken(token) : '';
    const challenge = token ? await repo.findChallenge(db, idHash, clock.now()) : undefined;
    if (!challenge) throw new AppError('UNAUTHORIZED', SECOND_FACTOR_MESSAGES.noChallenge);
    await check(challenge.user_id);
    if (!(await repo.deleteChallenge(db, idHash)))
      throw new AppError('UNAUTHORIZED', SECOND_FACTOR_MESSAGES.noChallenge);
    return {
      userId: challenge.user_id,
      first: { method: challenge.method, provider: challenge.provider } as FirstFactor,
    };
  }

  return {
    verify,

    /**
     * Whether the account's role is one the admin requires a second factor of (Settings →
     * Security) while it has none: then it may only enrol (plugins/second-factor-gate.ts).
     */
    async enrolmentRequired(user: { id: number; role: Role }): Promise<boolean> {
      if (!(await settings.get()).secondFactorRoles.includes(user.role)) return false;
      if ((await repo.findTotpFactor(db, user.id))?.confirmed_at) return false;
      return (await passkeys.count(user.id)) === 0;
    },

    /** Which of these accounts have a second factor turned on (the admin's Users tab). */
    async enrolledAmong(userIds: number[]): Promise<Set<number>> {
      const withTotp = await repo.confirmedAmong(db, userIds);
      return new Set([...withTotp, ...(await passkeys.holdersAmong(userIds))]);
    },

    /**
     * The admin's reset: the factor, its recovery codes, the passkeys and any sign-in waiting for
     * a code go. True when there was a factor (confirmed or being set up, or a passkey).
     */
    async reset(userId: number): Promise<boolean> {
      const had = Boolean(await repo.findTotpFactor(db, userId));
      await repo.deleteSecondFactors(db, userId);
      const passkeysGone = await passkeys.removeAll(userId);
      return had || passkeysGone > 0;
    },

    /** Whether a sign-in of this account must pass a second factor, and by which means. */
    async methodsOf(userId: number): Promise<SecondFactorMethod[]> {
      const factor = await repo.findTotpFactor(db, userId);
      const methods: SecondFactorMethod[] = factor?.confirmed_at ? ['totp', 'recovery'] : [];
      if ((await passkeys.count(userId)) > 0) methods.push('passkey');
      return methods;
    },

    async status(userId: number): Promise<SecondFactorStatus> {
      const factor = await repo.findTotpFactor(db, userId);
      const confirmed = Boolean(factor?.confirmed_at);
      return {
        totp: confirmed,
        recoveryCodesLeft: confirmed ? await repo.countUnusedRecoveryCodes(db, userId) : 0,
      };
    },

    /** A new secret waiting for its first code; shown this once. */
    async beginTotp(user: { id: number; username: string }): Promise<TotpEnrolment> {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.savePendingTotp(db, user.id, secret, clock.now())))
        throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
      const issuer = (await settings.get()).siteTitle;
      return { secret, otpauthUri: totpOf(secret, user.username, issuer).toString() };
    },

    /** The first code proves the app holds the secret; the recovery codes are shown this once. */
    async confirmTotp(userId: number, code: string, ip: string): Promise<string[]> {
      await rateLimiter.consume([
        [SECOND_FACTOR_PER_USER, String(userId)],
        [SECOND_FACTOR_PER_IP, ip],
      ]);
      const factor = await repo.findTotpFactor(db, userId);
      if (!factor) throw badRequest(SECOND_FACTOR_MESSAGES.notEnrolling);
      if (factor.confirmed_at) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
      const step = matchingStep(factor.secret, code.replace(/\s/g, ''));
      if (step === null) throw new AppError('INVALID_CREDENTIALS', SECOND_FACTOR_MESSAGES.invalidCode);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = codes.map((c) => hashToken(normalizeRecoveryCode(c)));
      if (!(await repo.confirmTotp(db, userId, step, clock.now(), hashes)))
        throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
      return codes;
    },

    /** Turning the factor off takes a code of it, so a borrowed session alone cannot. */
    async disable(userId: number, code: string, ip: string): Promise<void> {
      await verify(userId, code, ip);
      await repo.deleteSecondFactors(db, userId);
    },

    /** A sign-in that passed its first factor: the token for the browser's cookie. */
    async startChallenge(userId: number, first: FirstFactor): Promise<string> {
      const token = randomToken(32);
      await repo.insertChallenge(db, {
        id_hash: hashToken(token),
        user_id: userId,
        method: first.method,
        provider: first.provider,
        expires_at: clock.now() + SECOND_FACTOR_CHALLENGE_TTL_MS,
      });
      return token;
    },

    /**
     * Completes a waiting sign-in with a code: the account and its first factor, once. A wrong
     * code leaves the challenge for another try (the rate limit bounds them).
     */
    completeChallenge: (token: string | undefined, code: string, ip: string) =>
      completeChallengeWith(token, (userId) => verify(userId, code, ip)),

    /** The account a waiting sign-in belongs to (a passkey's options list its passkeys). */
    async challengeUser(token: string | undefined): Promise<number> {
      const challenge = token ? await repo.findChallenge(db, hashToken(token), clock.now()) : undefined;
      if (!challenge) throw new AppError('UNAUTHORIZED', SECOND_FACTOR_MESSAGES.noChallenge);
      return challenge.user_id;
    },

    completeChallengeWith,

    /** Drops challenges never completed (a background task). */
    sweep: () => repo.deleteExpiredChallenges(db, clock.now()),
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
