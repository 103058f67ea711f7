import type { Team, TeamDetail, TeamMember } from '../../../common/schemas/teams.js';
import { iso } from '../../clock.js';
import type { TeamListRow } from './teams.repository.js';

export const presentTeam = (row: TeamListRow): Team => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  createdAt: iso(row.created_at)!,
  memberCount: row.member_count,
  myRole: row.my_role,
});

export const presentTeamDetail = (
  row: TeamListRow,
  members: { username: string; role: TeamMember['role']; added_at: number; source: string | null }[],
): TeamDetail => ({
  team: presentTeam(row),
  members: members.map((m) => ({
    username: m.username,
    role: m.role,
    addedAt: iso(m.added_at)!,
    syncedFrom: m.source,
  })),
});
