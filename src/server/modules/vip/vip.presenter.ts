import type { VipLicense } from '../../../common/schemas/admin.js';
import { iso } from '../../clock.js';
import type { LicenseRow } from './vip.repository.js';

/** A licence as the admin's Licenses tab lists it: the key in full, and who used it. */
export function presentLicense(row: LicenseRow): VipLicense {
  return {
    id: row.id,
    licenseKey: row.license_key,
    isUsed: row.is_used === 1,
    usedByUsername: row.used_by_username,
    usedAt: iso(row.used_at),
    createdAt: iso(row.created_at)!,
  };
}
