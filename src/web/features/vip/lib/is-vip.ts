import { isVipMember as isVip } from '../../../../common/policies';
import type { UserSettings } from '../../../../common/schemas/account';
import type { PublicUser } from '../../../../common/schemas/user';

/** VIP members, and managers or admins who activated a license, manage a banner (spec §6). */
export function isVipMember(
  user: PublicUser | null | undefined,
  settings?: Pick<UserSettings, 'isVip'>,
): boolean {
  if (!user) return false;
  return Boolean(settings?.isVip) || isVip({ role: user.role, vipActivated: user.vipActivatedAt !== null });
}
