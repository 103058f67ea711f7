import type { Role } from '../../../common/constants.js';
import { canAdminister } from '../../../common/policies.js';
import type { AdminStats } from '../../../common/schemas/admin.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { UsersService } from '../users/users.service.js';

interface Deps {
  users: UsersService;
  pastes: PastesService;
  moderation: ModerationService;
}

export type AdminService = ReturnType<typeof createAdminService>;

/** What the admin panel shows across modules; each number comes from the module that owns it. */
export function createAdminService({ users, pastes, moderation }: Deps) {
  return {
    /** Managers see the pending counts only; admins also the site's totals (spec §2). */
    async stats(role: Role): Promise<AdminStats> {
      const pending = await moderation.pendingCounts();
      if (!canAdminister(role)) return pending;
      return { ...pending, totalUsers: await users.count(), ...(await pastes.totals()) };
    },
  };
}
