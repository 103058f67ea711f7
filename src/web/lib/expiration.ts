import { EXPIRATIONS, type Expiration, type Role } from '../../common/constants';
import { canChooseExpiration, defaultExpiration } from '../../common/policies';
import type { PasteView } from '../../common/schemas/paste';
import { formatTimeUntil } from './format';

export const EXPIRATION_LABELS: Record<Expiration, string> = {
  '1h': '1 Hour',
  '1d': '1 Day',
  '1w': '1 Week',
  '1m': '1 Month',
  '3m': '3 Months',
  '6m': '6 Months',
  unlimited: 'Never',
  burn: 'Burn After Reading',
};

/** Spec §6 (common/policies): 6 months needs an account, unlimited needs vip, admin or manager. */
export const isExpirationAllowed = (expiration: Expiration, role: Role | null): boolean =>
  canChooseExpiration(role, expiration);

/** Why an option is unavailable to this role, shown next to it; null when it is available. */
export function expirationRestriction(expiration: Expiration, role: Role | null): string | null {
  if (isExpirationAllowed(expiration, role)) return null;
  return expiration === '6m' ? 'registered users' : 'VIP, Admin and Manager';
}

export { defaultExpiration };

/** Spec §5 forcing rules: an expiration this role may not use becomes 1 day. */
export function enforceExpiration(expiration: Expiration, role: Role | null): Expiration {
  return isExpirationAllowed(expiration, role) ? expiration : '1d';
}

export const EXPIRATION_CHOICES: readonly Expiration[] = EXPIRATIONS;

export type ExpiryState = 'burn' | 'never' | 'expired' | 'expires';

/** Spec §4 paste expiry label: burn after reading, never expires, expired, or expires in …. */
export function expiryLabel(
  paste: Pick<PasteView, 'burnAfterReading' | 'expiresAt'>,
  now: Date = new Date(),
): { state: ExpiryState; text: string } {
  if (paste.burnAfterReading) return { state: 'burn', text: 'Burn after reading' };
  if (!paste.expiresAt) return { state: 'never', text: 'Never expires' };
  if (new Date(paste.expiresAt).getTime() <= now.getTime()) return { state: 'expired', text: 'Expired' };
  return { state: 'expires', text: `Expires ${formatTimeUntil(paste.expiresAt, now)}` };
}
