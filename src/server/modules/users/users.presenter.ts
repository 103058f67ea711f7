import type { PublicUser } from '../../../common/schemas/user.js';
import { iso } from '../../clock.js';
import type { UserRow } from './users.repository.js';

/** The user as its owner sees it; hashes and keys never leave the server. */
export function presentUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    createdAt: iso(row.created_at)!,
    hasApiKey: row.api_key_hash !== null,
    emailVerified: row.email_verified === 1,
    vipActivatedAt: iso(row.vip_activated_at),
    vipBannerUrl: row.vip_banner_url,
    vipBannerLink: row.vip_banner_link,
  };
}
