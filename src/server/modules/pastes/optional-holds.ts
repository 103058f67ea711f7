import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { HoldReason, Privacy } from '../../../common/constants.js';
import { canModerate } from '../../../common/policies.js';
import type { HoldSettings } from '../../../common/schemas/settings.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { UserRow } from '../users/users.service.js';
import { otherAddressesWithText } from './similar-pastes.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** A link as spam carries it: a scheme, or a bare www. host. A constant pattern, linear in the text. */
const LINK = /\bhttps?:\/\/|\bwww\./gi;

export const countLinks = (text: string): number => text.match(LINK)?.length ?? 0;

/** What the optional holds made of a new paste: why it waits, and the digest kept for the next wave check. */
export interface OptionalHold {
  reason: HoldReason | null;
  /** SHA-256 of the text, kept only while the identical-paste hold is on. */
  contentHash: string | null;
}

/**
 * The holds an admin may turn on for public plain pastes (Admin → Safety, each off at 0): links
 * from an account younger than N days; an anonymous paste with more than N links; the same text
 * already sent by M other addresses within the hour (a spam wave). Staff are never held.
 */
export async function optionalHold(
  deps: { db: Kysely<Database>; clock: Clock; settings: HoldSettings },
  paste: { privacy: Privacy; user: UserRow | null; ip: string; text: () => Promise<string> },
): Promise<OptionalHold> {
  const { settings: s, clock, db } = deps;
  const none: OptionalHold = { reason: null, contentHash: null };
  if (paste.privacy !== 'public' || (paste.user && canModerate(paste.user.role))) return none;
  const linkChecks =
    (paste.user ? s.holdNewAccountDays : s.holdAnonLinksOver) > 0 || s.holdIdenticalCount > 0;
  if (!linkChecks) return none;
  const text = await paste.text();
  const now = clock.now();
  let contentHash: string | null = null;
  if (s.holdIdenticalCount > 0) {
    contentHash = createHash('sha256').update(text).digest('hex');
    const others = await otherAddressesWithText(db, contentHash, now - HOUR_MS, paste.ip);
    if (others >= s.holdIdenticalCount) return { reason: 'wave', contentHash };
  }
  const links = countLinks(text);
  if (paste.user) {
    const young = now - paste.user.created_at < s.holdNewAccountDays * DAY_MS;
    if (s.holdNewAccountDays > 0 && young && links > 0) return { reason: 'new-account', contentHash };
  } else if (s.holdAnonLinksOver > 0 && links > s.holdAnonLinksOver) {
    return { reason: 'links', contentHash };
  }
  return { reason: null, contentHash };
}
