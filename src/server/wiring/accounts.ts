import { createAccountService } from '../modules/auth/account.service.js';
import { createAuthService } from '../modules/auth/auth.service.js';
import { createCredentialChanges } from '../modules/auth/credential-change.js';
import { createEmailVerificationService } from '../modules/auth/email-verification.service.js';
import { createPasswordResetService } from '../modules/auth/password-reset.service.js';
import { createSessionsService } from '../modules/auth/sessions.service.js';
import { createPasskeyService } from '../modules/identity/passkeys.service.js';
import { createSecondFactorService } from '../modules/identity/second-factor.service.js';
import { createSetupService } from '../modules/setup/setup.service.js';
import { createAccessTokenService } from '../modules/users/access-tokens.service.js';
import { createApiKeyService } from '../modules/users/api-keys.service.js';
import { createUsersService } from '../modules/users/users.service.js';
import { createVipService } from '../modules/vip/vip.service.js';
import type { Platform } from './platform.js';

/** Accounts: users, sessions, keys and tokens, sign-in, email checks, password resets, VIP, setup. */
export function createAccountServices({
  config,
  db,
  clock,
  settings,
  captcha,
  rateLimiter,
  mail,
  mailerOptions,
}: Platform) {
  const users = createUsersService({ db: db.kysely });
  const sessions = createSessionsService({ db: db.kysely, clock, ttlMs: config.session.ttlMs });
  const apiKeys = createApiKeyService({ db: db.kysely, settings });
  const accessTokens = createAccessTokenService({ db: db.kysely, settings, clock });
  const credentials = createCredentialChanges({ apiKeys, accessTokens });
  const passkeys = createPasskeyService({
    db: db.kysely,
    clock,
    rateLimiter,
    settings,
    siteOrigin: mail.siteOrigin,
  });
  const secondFactor = createSecondFactorService({ db: db.kysely, clock, rateLimiter, settings, passkeys });
  const emailVerification = createEmailVerificationService({
    db: db.kysely,
    users,
    clock,
    settings,
    mail,
    apiKeys,
    rateLimiter,
    secondFactor,
  });
  const passwordReset = createPasswordResetService({
    db: db.kysely,
    users,
    clock,
    settings,
    mail,
    rateLimiter,
    credentials,
    secondFactor,
  });
  const auth = createAuthService({
    db: db.kysely,
    users,
    clock,
    settings,
    captcha,
    rateLimiter,
    verification: emailVerification,
    mail,
  });
  const account = createAccountService({
    db: db.kysely,
    users,
    clock,
    settings,
    rateLimiter,
    verification: emailVerification,
    apiKeys,
    credentials,
    mail,
  });
  const vip = createVipService({
    db: db.kysely,
    users,
    clock,
    rateLimiter,
    bannerHosts: config.vipBannerHosts,
  });
  const setup = createSetupService({
    db,
    users,
    clock,
    settings,
    rateLimiter,
    mailConfig: config.mail,
    mailerOptions,
  });
  return {
    users,
    sessions,
    apiKeys,
    accessTokens,
    credentials,
    passkeys,
    secondFactor,
    emailVerification,
    passwordReset,
    auth,
    account,
    vip,
    setup,
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;
