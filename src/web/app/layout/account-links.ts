import { Files, Settings, Share2, Shield, Users } from 'lucide-react';
import type { PublicUser } from '../../../common/schemas/user';
import { paths } from '../../config/paths';
import { isStaff } from '../../features/auth/api/get-user';
import type { NavLinkItem } from './nav-links';

/**
 * A signed-in user's entries, in order. The user menu and the small screens' drawer both list
 * exactly these (spec §2: "the same links"), then Logout, an action rather than a link. Kept apart
 * from nav-links so that only those two lazily loaded parts carry it.
 */
export function accountLinks(user: PublicUser): NavLinkItem[] {
  return [
    { to: `${paths.account}#my-pastes`, label: 'My Pastes', icon: Files },
    { to: `${paths.account}#shared-with-me`, label: 'Shared with me', icon: Share2 },
    { to: paths.teams, label: 'Teams', icon: Users },
    { to: paths.accountSettings, label: 'Account Settings', icon: Settings },
    ...(isStaff(user) ? [{ to: paths.admin, label: 'Admin Panel', icon: Shield }] : []),
  ];
}
