import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A short secret boxed under another high-entropy secret (AES-256-GCM, key from HKDF): a new API
 * key kept for its one-time reveal (the database holds only the box and the hash of the reveal
 * code, so neither a database reader nor anyone without the code can recover the key), and the
 * paste keys reporters share with staff. Not the end-to-end encryption of pastes (common/paste-crypto).
 */
// Part of every stored box's key: changing it would make the boxes already stored unreadable.
const INFO = 'pasteshare sealed secret v1';

function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
}

/** `plaintext` boxed under `secret`, as base64url. */
export function boxSecret(plaintext: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext, or null when the secret is wrong or the box was altered. */
export function openSecretBox(box: string, secret: string): string | null {
  try {
    const raw = Buffer.from(box, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
