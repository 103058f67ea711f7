import type { Role } from '../constants.js';

/** The user as the server shows it to its owner (spec §3 User); never a hash or a key. */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  createdAt: string;
  hasApiKey: boolean;
  emailVerified: boolean;
  vipActivatedAt: string | null;
  vipBannerUrl: string | null;
  vipBannerLink: string | null;
}
