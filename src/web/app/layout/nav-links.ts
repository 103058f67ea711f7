import { CodeXml, House, Info, type LucideIcon, Trophy } from 'lucide-react';
import { paths } from '../../config/paths';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Header and drawer links (spec §2); the VIP entry is rendered apart because it is highlighted. */
export const mainLinks: NavLinkItem[] = [
  { to: paths.home, label: 'Home', icon: House },
  { to: paths.about, label: 'About', icon: Info },
  { to: paths.apiDocs, label: 'API', icon: CodeXml },
  { to: paths.topViews, label: 'Top Views', icon: Trophy },
];
