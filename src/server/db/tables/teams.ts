import type { Generated } from 'kysely';
import type { CollectionPrivacy, TeamRole } from '../../../common/constants.js';

// Teams, the shares of shared pastes, and collections.

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
  /** The sign-in provider whose group mapping made this membership; null: added by hand. */
  source: string | null;
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

/** A named, ordered set of pastes, owned by a person or a team (exactly one of the two is set). */
export interface CollectionsTable {
  id: string;
  name: string;
  description: string;
  privacy: CollectionPrivacy;
  user_id: number | null;
  team_id: number | null;
  /** Who made it (null once that account is gone). */
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** One paste in a collection, at `position` (ascending). */
export interface CollectionPastesTable {
  collection_id: string;
  paste_id: string;
  position: number;
  added_by: number | null;
  added_at: number;
}

/** One grant to read a shared collection: to a user or to a team (exactly one of the two is set). */
export interface CollectionSharesTable {
  id: Generated<number>;
  collection_id: string;
  user_id: number | null;
  team_id: number | null;
  added_by: number | null;
  added_at: number;
}
