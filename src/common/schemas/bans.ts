import { z } from 'zod';
import {
  BAN_IPV4_MIN_PREFIX,
  BAN_IPV6_MIN_PREFIX,
  BAN_KINDS,
  BAN_MAX_HOURS,
  BAN_REASON_MAX_LENGTH,
  BANS_MAX,
  PURGE_MAX_PASTES,
} from '../constants.js';
import { storedText } from './text.js';

/**
 * Bans (Admin → Bans): staff suspend an account or ban an address or range, for a time or for
 * good. A suspended account cannot sign in (it is told the reason), its sessions end and its API
 * key is refused; a banned address makes no change on the site and cannot sign in.
 */
export const BAN_MESSAGES = {
  reasonRequired: 'reason: say why (the person sees it when they sign in)',
  reasonTooLong: `reason: at most ${BAN_REASON_MAX_LENGTH} characters`,
  usernameRequired: 'username: name the account to suspend',
  addressRequired: 'address: an IPv4 or IPv6 address, or a range such as 203.0.113.0/24',
  addressInvalid: 'address: not an IPv4 or IPv6 address or range (e.g. 203.0.113.7 or 2001:db8::/48)',
  rangeTooWide: `address: a range may be at most a /${BAN_IPV4_MIN_PREFIX} of IPv4 or a /${BAN_IPV6_MIN_PREFIX} of IPv6`,
  ownAddress: 'address: this range includes the address you are using now; you would lock yourself out',
  accountNotFound: 'No account with this username',
  staffNotSuspended: 'Staff accounts cannot be suspended: change the role first',
  alreadySuspended: 'This account is already suspended',
  alreadyBanned: 'This address or range is already banned',
  tooManyBans: `A site may have at most ${BANS_MAX} active bans`,
  banNotFound: 'Ban not found (lifted or ended already)',
  /** Told to a request from a banned address, naming no reason (it may be about someone else). */
  addressBanned: 'Your network address is not allowed to make changes on this site',
  /** Told at sign-in, with the reason staff gave and when it ends. */
  accountSuspended: (reason: string, until: string | null) =>
    `This account is suspended${until ? ` until ${until}` : ''}. Reason: ${reason}`,
  pasteGone: 'This paste is gone: there is no author to look up',
  nothingToDelete: 'Nothing to delete: this paste has no account or address behind it',
  countChanged: (now: number) =>
    `The count changed since the preview (now ${now}): look at it again before deleting`,
} as const;

const reason = z
  .string()
  .trim()
  .min(1, BAN_MESSAGES.reasonRequired)
  .max(BAN_REASON_MAX_LENGTH, BAN_MESSAGES.reasonTooLong);
/** Hours the ban lasts; null: for good. */
const hours = z.number().int().min(1).max(BAN_MAX_HOURS).nullable();

/** POST /api/admin/bans. */
export const banBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('account'),
    username: storedText(100).pipe(z.string().trim().min(1, BAN_MESSAGES.usernameRequired)),
    reason,
    hours,
    /** Its pastes wait for review (seen only by it and staff) while it is suspended; else they stay. */
    hidePastes: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('address'),
    address: storedText(60).pipe(z.string().trim().min(1, BAN_MESSAGES.addressRequired)),
    reason,
    hours,
  }),
]);
export type BanInput = z.infer<typeof banBodySchema>;

export const banSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(BAN_KINDS),
  /** Account bans: who (null once the account is deleted). */
  username: z.string().nullable(),
  /** Address bans: the address or range, as CIDR. */
  address: z.string().nullable(),
  reason: z.string(),
  hidePastes: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Null: for good. */
  expiresAt: z.iso.datetime().nullable(),
});
export type Ban = z.infer<typeof banSchema>;

export const bansSchema = z.strictObject({ bans: z.array(banSchema) });

/** What "Delete everything by this account or address" would delete, from a report card. */
export const authorFootprintSchema = z.strictObject({
  /** The reported paste's author account and how many live pastes it has; null for a visitor's paste. */
  account: z.strictObject({ username: z.string(), pastes: z.number().int() }).nullable(),
  /** The address the paste was created from and how many live pastes came from it; null if unknown. */
  address: z.strictObject({ address: z.string(), pastes: z.number().int() }).nullable(),
});
export type AuthorFootprint = z.infer<typeof authorFootprintSchema>;

/** POST /api/admin/paste-reports/:id/delete-everything: the count the preview showed, confirmed. */
export const purgeBodySchema = z.strictObject({
  by: z.enum(['account', 'address']),
  expected: z.number().int().min(0).max(PURGE_MAX_PASTES),
});
export type PurgeInput = z.infer<typeof purgeBodySchema>;

export const purgeResultSchema = z.strictObject({ deleted: z.number().int() });
