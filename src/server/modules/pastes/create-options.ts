import { canChooseExpiration, canChoosePrivacy } from '../../../common/policies.js';
import { type CreatePasteInput, PASTE_MESSAGES } from '../../../common/schemas/paste.js';
import { badRequest, forbidden } from '../../errors.js';
import type { UserRow } from '../users/users.service.js';

/** The options every create must pass (spec §5), whatever carries the content. */
export function checkCreateOptions(
  input: Pick<CreatePasteInput, 'privacy' | 'password' | 'expiration'>,
  role: UserRow['role'] | null,
): void {
  if (input.privacy === 'password' && !input.password) throw badRequest(PASTE_MESSAGES.passwordRequired);
  if (!canChoosePrivacy(role, input.privacy)) throw forbidden(PASTE_MESSAGES.sharedNeedsAccount);
  if (!canChooseExpiration(role, input.expiration)) {
    throw forbidden(
      input.expiration === '6m' ? PASTE_MESSAGES.sixMonthsNeedsAccount : PASTE_MESSAGES.unlimitedNeedsVip,
    );
  }
}

/** A burn-after-reading paste, by either of the two ways a create can ask for one. */
export const isBurn = (input: Pick<CreatePasteInput, 'expiration' | 'burnAfterReading'>) =>
  input.expiration === 'burn' || input.burnAfterReading;
