import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { namesReader } from './shares.repository.js';

/**
 * The grants of shared pastes, as the read decision asks them (pastes' authorizeRead): built
 * before the pastes service, which the sharing service itself needs.
 */
export function createShareGrants({ db }: { db: Kysely<Database> }) {
  return {
    /** Whether the shared paste `pasteId` names user `userId`, by name or through a team. */
    namesReader: (pasteId: string, userId: number) => namesReader(db, pasteId, userId),
  };
}

export type ShareGrants = ReturnType<typeof createShareGrants>;
