import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, IdentityFlowsTable, IdentityLinksTable } from '../../db/schema.js';

export type IdentityLinkRow = Selectable<IdentityLinksTable>;
export type IdentityFlowRow = Selectable<IdentityFlowsTable>;

export function findLink(
  db: Kysely<Database>,
  providerId: string,
  subject: string,
): Promise<IdentityLinkRow | undefined> {
  return db
    .selectFrom('identity_links')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function findUserLink(
  db: Kysely<Database>,
  userId: number,
  providerId: string,
): Promise<IdentityLinkRow | undefined> {
  return db
    .selectFrom('identity_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

export function listUserLinks(db: Kysely<Database>, userId: number): Promise<IdentityLinkRow[]> {
  return db.selectFrom('identity_links').selectAll().where('user_id', '=', userId).execute();
}

/** Fails with a unique violation when the identity, or this account's link to the provider, exists. */
export async function insertLink(db: Kysely<Database>, link: Insertable<IdentityLinksTable>): Promise<void> {
  await db.insertInto('identity_links').values(link).execute();
}

/** Whether the account had a link to the provider (and now has none). */
export async function deleteUserLink(
  db: Kysely<Database>,
  userId: number,
  providerId: string,
): Promise<boolean> {
  const r = await db
    .deleteFrom('identity_links')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function touchLink(
  db: Kysely<Database>,
  providerId: string,
  subject: string,
  at: number,
  linkedAs: string | null,
): Promise<void> {
  await db
    .updateTable('identity_links')
    .set({ last_sign_in_at: at, linked_as: linkedAs })
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .execute();
}

export async function insertFlow(db: Kysely<Database>, flow: Insertable<IdentityFlowsTable>): Promise<void> {
  await db.insertInto('identity_flows').values(flow).execute();
}

/**
 * Takes a live flow out in one statement: a callback repeated (or raced on two instances) finds
 * it gone, so each flow completes at most once.
 */
export function takeFlow(
  db: Kysely<Database>,
  idHash: string,
  providerId: string,
  now: number,
): Promise<IdentityFlowRow | undefined> {
  return db
    .deleteFrom('identity_flows')
    .where('id_hash', '=', idHash)
    .where('provider_id', '=', providerId)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteExpiredFlows(db: Kysely<Database>, now: number): Promise<number> {
  const r = await db.deleteFrom('identity_flows').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
