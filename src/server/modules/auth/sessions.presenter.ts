import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { AccountSession } from '../../../common/schemas/sessions.js';
import { iso } from '../../clock.js';
import type { SessionsTable } from '../../db/schema.js';

/**
 * The id a session is shown and named by: derived from its stored hash (one way), so the list
 * gives out neither the cookie's value nor the hash that finds the session.
 */
export function publicSessionId(idHash: string): string {
  return createHash('sha256').update(`session-public-id:${idHash}`).digest('base64url').slice(0, 22);
}

/** "Firefox 128 on Linux" from a User-Agent, through bowser; "Unknown browser" when it says nothing. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name;
  const major = parsed.browser.version?.split('.')[0];
  const browser = name ? (major ? `${name} ${major}` : name) : 'Unknown browser';
  return parsed.os.name ? `${browser} on ${parsed.os.name}` : browser;
}

type ListedSession = Pick<
  SessionsTable,
  'id_hash' | 'created_at' | 'last_seen_at' | 'user_agent' | 'ip' | 'identity_provider'
>;

export function presentSession(row: ListedSession, currentIdHash: string | null): AccountSession {
  return {
    id: publicSessionId(row.id_hash),
    browser: describeBrowser(row.user_agent),
    address: row.ip,
    createdAt: iso(row.created_at)!,
    lastSeenAt: iso(row.last_seen_at ?? row.created_at)!,
    current: row.id_hash === currentIdHash,
    provider: row.identity_provider,
  };
}
