/** User-facing messages: teams, collections and whom a shared paste names. */
import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  COLLECTION_PASTES_MAX,
  SHARES_PER_PASTE_MAX,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_MEMBERS_MAX,
  TEAM_NAME_MAX_LENGTH,
  TEAM_SLUG_MAX_LENGTH,
} from '../constants.js';

/** Teams: create, edit, members. */
export const TEAM_MESSAGES = {
  notFound: 'Team not found',
  nameRequired: 'Please enter a team name',
  nameTooLong: `Team name must not exceed ${TEAM_NAME_MAX_LENGTH} characters`,
  slugInvalid: `Team address must be 2 to ${TEAM_SLUG_MAX_LENGTH} lower-case letters, digits or hyphens, starting with a letter or digit`,
  slugTaken: 'That team address is already taken',
  descriptionTooLong: `Description must not exceed ${TEAM_DESCRIPTION_MAX_LENGTH} characters`,
  userNotFound: 'No account has that username',
  tooManyMembers: `A team can have at most ${TEAM_MEMBERS_MAX} members`,
  lastOwner: 'A team needs at least one owner: make someone else an owner first',
  notMember: 'That account is not a member of this team',
} as const;

/** Collections: a named, ordered set of pastes (modules/collections). */
export const COLLECTION_MESSAGES = {
  notFound: 'Collection not found',
  nameRequired: 'Please enter a collection name',
  nameTooLong: `Collection name must not exceed ${COLLECTION_NAME_MAX_LENGTH} characters`,
  descriptionTooLong: `Collection description must not exceed ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters`,
  tooManyPastes: `A collection can hold at most ${COLLECTION_PASTES_MAX} pastes`,
  notEditor: 'Only the collection’s owner, or its team’s members, change what is in it',
  notManager: 'Only the collection’s owner, or its team’s owners, change its privacy or delete it',
  pasteNotFound: 'Paste not found',
  pasteNotAddable: 'Only your own pastes, or public ones, can be added to a collection',
  pasteNotInCollection: 'That paste is not in this collection',
  orderDuplicate: 'The order names a paste twice',
  sharesNeedShared: 'Only a collection whose privacy is Shared names people and teams',
  teamNotMember: (slug: string) => `You are not a member of a team called ${slug}`,
} as const;

/** Who a shared paste names. */
export const SHARE_MESSAGES = {
  notShared: 'Only a paste whose privacy is Shared names people and teams',
  notYours: 'Only the paste’s author changes who it is shared with',
  unknownUser: (username: string) => `No account is called ${username}`,
  unknownTeam: (slug: string) => `You are not a member of a team called ${slug}`,
  tooMany: `A paste can be shared with at most ${SHARES_PER_PASTE_MAX} people and teams`,
} as const;
