import type { Ban } from '../../../common/schemas/bans.js';
import { iso } from '../../clock.js';
import type { BanRow } from './bans.repository.js';

export const presentBan = (r: BanRow): Ban => ({
  id: r.id,
  kind: r.kind,
  username: r.kind === 'account' ? r.username : null,
  address: r.ip,
  reason: r.reason,
  hidePastes: r.hide_pastes === 1,
  createdBy: r.created_by,
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at),
});

/** What the audit log keeps of a ban: whom or what, for how long, and why. */
export const banDetails = (r: BanRow) => ({
  kind: r.kind,
  ...(r.kind === 'account' ? { username: r.username ?? '', hidePastes: r.hide_pastes === 1 } : {}),
  ...(r.ip ? { address: r.ip } : {}),
  reason: r.reason,
  expiresAt: iso(r.expires_at) ?? 'never',
});
