import { randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { PASSKEY_CHALLENGE_TTL_MS, PASSKEYS_PER_ACCOUNT_MAX } from '../../../common/constants.js';
import { PASSKEY_MESSAGES } from '../../../common/messages.js';
import type { AuthenticationResponse, RegistrationResponse } from '../../../common/schemas/passkeys.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database, PasskeyChallengesTable } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashToken } from '../../lib/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import { PASSKEY_CEREMONIES_PER_IP } from './passkeys.limits.js';
import * as repo from './passkeys.repository.js';
import { SECOND_FACTOR_PER_IP, SECOND_FACTOR_PER_USER } from './second-factor.limits.js';

export type PasskeyPurpose = PasskeyChallengesTable['purpose'];

const refused = (message: string = PASSKEY_MESSAGES.notVerified) =>
  new AppError('INVALID_CREDENTIALS', message);

/** The challenge an answer signed, read from its client data (checked again by the library). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

const transportsOf = (stored: string) => (stored ? stored.split(',') : []);

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registering several per account, and the
 * three ceremonies that use one — a sign-in by passkey alone (a discoverable credential, user
 * verification required), the second factor after a password, and a step-up of a signed-in
 * session. The relying party is the site's configured origin (its host name the RP id), never the
 * request's Host. Each challenge is stored under its hash and taken once by the answer that
 * signed it, so a ceremony may end on another instance and no answer is accepted twice.
 */
export function createPasskeyService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  rateLimiter: RateLimiter;
  settings: SettingsService;
  siteOrigin: () => Promise<string | null>;
}) {
  const { db, clock, rateLimiter, settings } = deps;

  async function relyingParty() {
    const origin = await deps.siteOrigin();
    if (!origin) throw new AppError('UNAVAILABLE', PASSKEY_MESSAGES.noSiteOrigin);
    return { origin, rpID: new URL(origin).hostname, rpName: (await settings.get()).siteTitle };
  }

  /** What an authenticator's answer must match: the challenge it signed, this site's origin and RP id. */
  async function expectations(challenge: string) {
    const rp = await relyingParty();
    return { expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID };
  }

  async function storeChallenge(
    challenge: string,
    purpose: PasskeyPurpose,
    userId: number | null,
    ip: string,
    userHandle: string | null = null,
  ): Promise<void> {
    await rateLimiter.consume([[PASSKEY_CEREMONIES_PER_IP, ip]]);
    await repo.insertPasskeyChallenge(db, {
      challenge_hash: hashToken(challenge),
      purpose,
      user_id: userId,
      user_handle: userHandle,
      expires_at: clock.now() + PASSKEY_CHALLENGE_TTL_MS,
    });
  }

  /** Takes the challenge this answer signed, if it is live and was issued for this purpose and account. */
  async function takeChallenge(clientDataJSON: string, purpose: PasskeyPurpose, userId: number | null) {
    const challenge = challengeOf(clientDataJSON);
    const row = challenge
      ? await repo.takePasskeyChallenge(db, hashToken(challenge), clock.now())
      : undefined;
    if (!challenge || !row || row.purpose !== purpose || row.user_id !== userId)
      throw new AppError('UNAUTHORIZED', PASSKEY_MESSAGES.noCeremony);
    return { challenge, userHandle: row.user_handle };
  }

  async function authenticationOptions(
    purpose: Exclude<PasskeyPurpose, 'register'>,
    userId: number | null,
    ip: string,
  ) {
    const rp = await relyingParty();
    const keys = userId === null ? [] : await repo.listPasskeys(db, userId);
    if (userId !== null && keys.length === 0) throw badRequest(PASSKEY_MESSAGES.noPasskeys);
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      // Alone, the passkey is both factors: the authenticator must verify the person.
      userVerification: purpose === 'sign-in' ? 'required' : 'preferred',
      allowCredentials: keys.map((k) => ({
        id: k.credential_id,
        transports: transportsOf(k.transports),
      })),
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    });
    await storeChallenge(options.challenge, purpose, userId, ip);
    return options;
  }

  /**
   * Checks an answer to a ceremony: its challenge (taken once), the passkey it names (of `userId`
   * where the account is known), the signature over the site's origin and RP id, and a counter
   * that moved on where the authenticator keeps one. Returns the passkey's account.
   */
  async function verifyAssertion(
    response: AuthenticationResponse,
    purpose: Exclude<PasskeyPurpose, 'register'>,
    userId: number | null,
    ip: string,
  ): Promise<number> {
    await rateLimiter.consume(
      userId === null
        ? [[SECOND_FACTOR_PER_IP, ip]]
        : [
            [SECOND_FACTOR_PER_USER, String(userId)],
            [SECOND_FACTOR_PER_IP, ip],
          ],
    );
    const { challenge } = await takeChallenge(response.response.clientDataJSON, purpose, userId);
    const key = await repo.findPasskeyByCredentialId(db, response.id);
    if (!key || (userId !== null && key.user_id !== userId)) throw refused(PASSKEY_MESSAGES.unknown);
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== key.user_handle) throw refused(PASSKEY_MESSAGES.unknown);
    const expected = await expectations(challenge);
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      result = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        ...expected,
        requireUserVerification: purpose === 'sign-in',
        credential: {
          id: key.credential_id,
          publicKey: Buffer.from(key.public_key, 'base64url'),
          counter: Number(key.counter),
          transports: transportsOf(key.transports),
        },
      });
    } catch {
      // A wrong origin, RP id, signature or a counter that went back: the library's reason stays here.
      throw refused();
    }
    if (!result.verified) throw refused();
    const used = await repo.recordPasskeyUse(
      db,
      key.id,
      Number(key.counter),
      result.authenticationInfo.newCounter,
      clock.now(),
    );
    if (!used) throw refused();
    return key.user_id;
  }

  return {
    authenticationOptions,
    verifyAssertion,

    list: (userId: number) => repo.listPasskeys(db, userId),
    count: (userId: number) => repo.countPasskeys(db, userId),
    /** Which of these accounts hold a passkey (a second factor). */
    holdersAmong: (userIds: number[]) => repo.usersWithPasskeys(db, userIds),
    /** The admin's reset of a person's second factor; how many passkeys went. */
    removeAll: (userId: number) => repo.deleteAllPasskeys(db, userId),

    async registrationOptions(user: { id: number; username: string }, ip: string) {
      const rp = await relyingParty();
      const keys = await repo.listPasskeys(db, user.id);
      if (keys.length >= PASSKEYS_PER_ACCOUNT_MAX) throw conflict(PASSKEY_MESSAGES.tooMany);
      // One handle per account (no name or number in it), so an authenticator keeps its passkeys together.
      const userHandle = keys[0]?.user_handle ?? randomBytes(32).toString('base64url');
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: user.username,
        userID: Buffer.from(userHandle, 'base64url'),
        attestationType: 'none',
        // Discoverable, so it can sign in alone; the browser asks for a PIN or biometric where it can.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        excludeCredentials: keys.map((k) => ({
          id: k.credential_id,
          transports: transportsOf(k.transports),
        })),
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      await storeChallenge(options.challenge, 'register', user.id, ip, userHandle);
      return options;
    },

    /** Stores the passkey an authenticator made for the options above. */
    async register(userId: number, name: string, response: RegistrationResponse) {
      const { challenge, userHandle } = await takeChallenge(
        response.response.clientDataJSON,
        'register',
        userId,
      );
      const expected = await expectations(challenge);
      let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        result = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          ...expected,
          requireUserVerification: false,
        });
      } catch {
        throw badRequest(PASSKEY_MESSAGES.notVerified);
      }
      if (!result.verified || !result.registrationInfo) throw badRequest(PASSKEY_MESSAGES.notVerified);
      const { credential } = result.registrationInfo;
      if ((await repo.countPasskeys(db, userId)) >= PASSKEYS_PER_ACCOUNT_MAX)
        throw conflict(PASSKEY_MESSAGES.tooMany);
      try {
        return await repo.insertPasskey(db, {
          user_id: userId,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(','),
          user_handle: userHandle ?? '',
          name,
          created_at: clock.now(),
          last_used_at: null,
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(PASSKEY_MESSAGES.alreadyRegistered);
        throw e;
      }
    },

    async rename(userId: number, id: number, name: string) {
      if (!(await repo.renamePasskey(db, userId, id, name))) throw notFound(PASSKEY_MESSAGES.notFound);
      const key = (await repo.listPasskeys(db, userId)).find((k) => k.id === id);
      if (!key) throw notFound(PASSKEY_MESSAGES.notFound);
      return key;
    },

    async remove(userId: number, id: number) {
      const gone = await repo.deletePasskey(db, userId, id);
      if (!gone) throw notFound(PASSKEY_MESSAGES.notFound);
      return gone;
    },

    /** Drops ceremonies never answered (a background task). */
    sweep: () => repo.deleteExpiredPasskeyChallenges(db, clock.now()),
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
