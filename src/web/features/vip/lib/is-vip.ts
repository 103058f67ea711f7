import type { UserSettings } from '../../../../common/schemas/account';
import type { PublicUser } from '../../../../common/schemas/user';

/** VIP members, and managers or admins who activated a license, manage a banner (spec §6). */
export function isVipMember(
  user: PublicUser | null | undefined,
  settings?: Pick<UserSettings, 'isVip'>,
): boolean {
  if (!user) return false;
  return Boolean(settings?.isVip) || user.role === 'vip' || user.vipActivatedAt !== null;
}
