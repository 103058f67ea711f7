import type { Kysely } from 'kysely';
import type { CollectionPrivacy } from '../../../common/constants.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { AppError } from '../../errors.js';
import {
  deleteEntry,
  insertCollection,
  insertEntry,
  listEntries,
  replaceCollectionShares,
  setPosition,
  updateCollection,
} from './collections.repository.js';

/** One grant to read a shared collection: a person or a team. */
export interface Grant {
  user_id: number | null;
  team_id: number | null;
}

/**
 * The writes of a collection, each in one transaction. Each starts by touching the collection's
 * row (its `updated_at`), which on PostgreSQL locks it: concurrent adds are serialised, so the
 * paste limit and the end position are read by one writer at a time.
 */
export function createCollectionWrites({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  return {
    async create(c: {
      id: string;
      name: string;
      description: string;
      privacy: CollectionPrivacy;
      owner: Grant;
      actor: number;
      grants: Grant[];
    }): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        await insertCollection(tx, {
          id: c.id,
          name: c.name,
          description: c.description,
          privacy: c.privacy,
          ...c.owner,
          created_by: c.actor,
          created_at: now,
          updated_at: now,
        });
        await replaceCollectionShares(tx, c.id, c.grants, { added_by: c.actor, added_at: now });
      });
    },

    /**
     * Changes fields, grants (undefined: left as they are) and order: the pastes named in `order`
     * take, in that order, the places they held between them; every other keeps its place.
     */
    async update(
      id: string,
      u: {
        fields: { name?: string; description?: string; privacy?: CollectionPrivacy };
        grants: Grant[] | undefined;
        order: string[] | undefined;
        actor: number;
      },
    ): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        await updateCollection(tx, id, { ...definedOnly(u.fields), updated_at: now });
        if (u.grants) await replaceCollectionShares(tx, id, u.grants, { added_by: u.actor, added_at: now });
        if (!u.order) return;
        const named = new Set(u.order);
        const places = (await listEntries(tx, id))
          .filter((e) => named.has(e.paste_id))
          .map((e) => e.position)
          .sort((a, b) => a - b);
        for (const [i, pasteId] of u.order.entries()) {
          if (places[i] !== undefined) await setPosition(tx, id, pasteId, places[i]);
        }
      });
    },

    /** Appends a paste (true), or leaves one already there where it is (false). */
    async append(id: string, pasteId: string, actor: number, max: number, full: () => AppError) {
      const now = clock.now();
      return db.transaction().execute(async (tx) => {
        await updateCollection(tx, id, { updated_at: now });
        const entries = await listEntries(tx, id);
        if (entries.some((e) => e.paste_id === pasteId)) return false;
        if (entries.length >= max) throw full();
        const position = entries.reduce((m, e) => Math.max(m, e.position), 0) + 1;
        await insertEntry(tx, {
          collection_id: id,
          paste_id: pasteId,
          position,
          added_by: actor,
          added_at: now,
        });
        return true;
      });
    },

    async removeEntry(id: string, pasteId: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        await updateCollection(tx, id, { updated_at: clock.now() });
        return deleteEntry(tx, id, pasteId);
      });
    },
  };
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
