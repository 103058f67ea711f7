import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short-lived grant to fetch one password paste's raw/download URL after its password was
 * verified: `<expiresAt>.<hmac(id.expiresAt)>`. It opens that paste only, for an hour.
 */
const GRANT_TTL_MS = 60 * 60 * 1000;

function sign(secret: string, id: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`${id}.${expiresAt}`).digest('base64url');
}

export function createAccessGrant(secret: string, id: string, now: number): string {
  const expiresAt = now + GRANT_TTL_MS;
  return `${expiresAt}.${sign(secret, id, expiresAt)}`;
}

export function isValidAccessGrant(
  secret: string,
  id: string,
  grant: string | undefined,
  now: number,
): boolean {
  if (!grant) return false;
  const [exp, sig] = grant.split('.');
  const expiresAt = Number(exp);
  if (!sig || !Number.isFinite(expiresAt) || expiresAt <= now) return false;
  const expected = Buffer.from(sign(secret, id, expiresAt));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
