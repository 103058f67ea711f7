import type { SignInError } from '../../../common/schemas/identity.js';

/**
 * What a provider says about the person signing in, and nothing more: who (its stable subject),
 * what it calls them, their email and whether it vouches for it, and their groups. The account,
 * its role and its session stay the users' and auth modules' business.
 */
export interface ExternalIdentity {
  subject: string;
  /** The provider's name for the person (its username claim); the seed of a new account's username. */
  username: string | null;
  email: string | null;
  /** The provider says the address is the person's (OIDC `email_verified`, GitHub's verified flag). */
  emailVerified: boolean;
  groups: string[];
  /** Shown on the account page beside the link. */
  linkedAs: string | null;
}

/**
 * A sign-in that cannot complete, for a reason the person is told (SIGN_IN_ERRORS). `cause` keeps
 * what went wrong for the log; it never reaches the answer.
 */
export class SignInProblem extends Error {
  constructor(
    readonly code: SignInError,
    options?: { cause?: unknown },
  ) {
    super(`sign-in refused: ${code}`, options);
  }
}
