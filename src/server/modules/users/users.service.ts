import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Role } from '../../../common/constants.js';
import type { Database, UsersTable } from '../../db/schema.js';
import {
  countUsers,
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  grantVip,
  insertUser,
  listUsers,
  lockUserRow,
  setVipBanner,
  type UserRow,
  updateUser,
} from './users.repository.js';

export type { UserRow };
/** What a new account is made with; the rest (its key, its VIP state) starts empty. */
export type NewUser = Pick<
  Insertable<UsersTable>,
  'username' | 'email' | 'role' | 'password_hash' | 'created_at' | 'registration_ip' | 'email_verified'
>;
export type UserPatch = Updateable<UsersTable>;

/**
 * Accounts as other modules see them: found, created and changed through here, never through the
 * users table. Each call takes an optional transaction, so a caller can change a user together
 * with its own rows (a password with the sessions it ends, a verified address with its token).
 */
export function createUsersService({ db }: { db: Kysely<Database> }) {
  return {
    findById: (id: number, tx: Kysely<Database> = db) => findUserById(tx, id),
    /** Case-insensitive, as usernames are unique. */
    findByUsername: (username: string, tx: Kysely<Database> = db) => findUserByUsername(tx, username),
    findByEmail: (email: string, tx: Kysely<Database> = db) => findUserByEmail(tx, email),
    create: (user: NewUser, tx: Kysely<Database> = db): Promise<UserRow> =>
      insertUser(tx, {
        ...user,
        username_key: user.username.toLowerCase(),
        api_key_hash: null,
        api_key_hint: null,
        vip_activated_at: null,
        vip_banner_url: null,
        vip_banner_link: null,
      }),
    update: (id: number, patch: UserPatch, tx: Kysely<Database> = db) => updateUser(tx, id, patch),
    count: () => countUsers(db),
    list: (role?: Role) => listUsers(db, role),
    delete: (id: number) => deleteUser(db, id),
    /** VIP for one who has not had it (see grantVip); false when they already have it. */
    grantVip: (id: number, now: number, tx: Kysely<Database> = db) => grantVip(tx, id, now),
    setVipBanner: (id: number, url: string, link: string | null) => setVipBanner(db, id, url, link),
    /** Inside a transaction: later statements of it run one account at a time. */
    lockRow: (id: number, tx: Kysely<Database>) => lockUserRow(tx, id),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
