import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are high-entropy, so a fast hash is enough to keep them useless at rest. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
