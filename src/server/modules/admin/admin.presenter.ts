import { canModerate } from '../../../common/policies.js';
import type { AdminUser } from '../../../common/schemas/admin.js';
import { presentUser } from '../users/users.presenter.js';
import type { UserRow } from '../users/users.service.js';

/**
 * An account as the admin's Users tab shows it: what its owner sees, but the banner, plus its
 * paste count, whether it has a second factor, and the address it registered from (never a staff member's: staff see each other's
 * work, not where they live).
 */
export function presentAdminUser(row: UserRow, pasteCount: number, secondFactor: boolean): AdminUser {
  const { vipBannerUrl: _url, vipBannerLink: _link, ...seen } = presentUser(row);
  return {
    ...seen,
    registrationIp: canModerate(row.role) ? null : row.registration_ip,
    pasteCount,
    secondFactor,
  };
}
