import type { PasteView } from '../../../../common/schemas/paste';
import type { PublicUser } from '../../../../common/schemas/user';

/**
 * The signed-in author of `paste`. `isOwner` alone also holds for the browser that made an
 * anonymous paste (its creator token); such a paste has no account behind it to edit it or to
 * request its deletion with.
 */
export function isAuthorOf(paste: PasteView, user: PublicUser | null | undefined): boolean {
  return paste.isOwner && !!user && paste.userRole !== null && paste.username === user.username;
}
