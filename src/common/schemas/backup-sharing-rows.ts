import { z } from 'zod';
import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  COLLECTION_PRIVACIES,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TEAM_ROLES,
  TEAM_SLUG_MAX_LENGTH,
} from '../constants.js';
import { collectionId, id, pasteId, text, time } from './backup-fields.js';

/** The backup's rows of teams, the grants of shared pastes, and collections. */
export const SHARING_ROWS = {
  /** Teams, their members and the grants of shared pastes; absent in backups made before teams. */
  teams: z.strictObject({
    id,
    slug: z.string().regex(new RegExp(`^[a-z0-9][a-z0-9-]{1,${TEAM_SLUG_MAX_LENGTH - 1}}$`)),
    name: text(TEAM_NAME_MAX_LENGTH),
    description: text(TEAM_DESCRIPTION_MAX_LENGTH),
    created_at: time,
  }),
  team_members: z.strictObject({
    team_id: id,
    user_id: id,
    role: z.enum(TEAM_ROLES),
    added_at: time,
    // Made before provider groups could fill teams: added by hand.
    source: text(40).nullable().optional().default(null),
  }),
  /** One grant: to a user or to a team, never both. */
  paste_shares: z
    .strictObject({
      id,
      paste_id: pasteId,
      user_id: id.nullable(),
      team_id: id.nullable(),
      added_by: id.nullable(),
      added_at: time,
    })
    .refine((r) => (r.user_id === null) !== (r.team_id === null), 'names a user or a team, exactly one'),
  /** Collections, their pastes in order and whom shared ones name; absent in backups made before them. */
  collections: z
    .strictObject({
      id: collectionId,
      name: text(COLLECTION_NAME_MAX_LENGTH),
      description: text(COLLECTION_DESCRIPTION_MAX_LENGTH),
      privacy: z.enum(COLLECTION_PRIVACIES),
      user_id: id.nullable(),
      team_id: id.nullable(),
      created_by: id.nullable(),
      created_at: time,
      updated_at: time,
    })
    .refine((r) => (r.user_id === null) !== (r.team_id === null), 'owned by a user or a team, exactly one'),
  collection_pastes: z.strictObject({
    collection_id: collectionId,
    paste_id: pasteId,
    position: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    added_by: id.nullable(),
    added_at: time,
  }),
  collection_shares: z
    .strictObject({
      id,
      collection_id: collectionId,
      user_id: id.nullable(),
      team_id: id.nullable(),
      added_by: id.nullable(),
      added_at: time,
    })
    .refine((r) => (r.user_id === null) !== (r.team_id === null), 'names a user or a team, exactly one'),
} as const;
