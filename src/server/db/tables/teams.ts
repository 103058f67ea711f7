import type { Generated } from 'kysely';
import type { TeamRole } from '../../../common/constants.js';

// Teams and the shares of shared pastes.

export interface TeamsTable {
  id: Generated<number>;
  /** Lower-case letters, digits and hyphens: the team's name in links and in the API. */
  slug: string;
  name: string;
  description: string;
  created_at: number;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  role: TeamRole;
  added_at: number;
}

/** One grant to read a shared paste: to a user or to a team (exactly one of the two is set). */
export interface PasteSharesTable {
  id: Generated<number>;
  paste_id: string;
  user_id: number | null;
  team_id: number | null;
  /** Who granted it (null once that account is gone). */
  added_by: number | null;
  added_at: number;
}
