import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Client, type Entry, Filter, InvalidCredentialsError, SizeLimitExceededError } from 'ldapts';
import { type ExternalIdentity, SignInProblem } from './external-identity.js';
import type { DirectoryConfig } from './provider-directory.js';

/**
 * Sign-in against an LDAP directory through `ldapts`: always encrypted (ldaps://, or ldap:// that
 * is upgraded with StartTLS before anything is sent), then a search for the one entry of the
 * username (as the service account, or anonymously), then a bind as that entry with the password.
 * The password goes to the directory and nowhere else.
 */
const TIMEOUT_MS = 10_000;

function text(value: Entry[string] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return null;
  const s = Buffer.isBuffer(first) ? first.toString('utf8') : first;
  return s.trim() === '' ? null : s.trim();
}

function list(value: Entry[string] | undefined): string[] {
  const all = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return all.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v)).slice(0, 500);
}

function identityOf(p: DirectoryConfig, entry: Entry, username: string): ExternalIdentity {
  const name = text(entry[p.usernameAttribute]) ?? username;
  const email = text(entry[p.emailAttribute])?.toLowerCase() ?? null;
  return {
    // The directory's username, not the DN: an entry moved to another branch stays the same person.
    subject: name.toLowerCase(),
    username: name,
    email,
    // A directory entry's mail is not proof the person owns the address (many let people edit it).
    emailVerified: false,
    groups: list(entry[p.groupAttribute]),
    linkedAs: name,
  };
}

/**
 * The identity of `username` when `password` is theirs; null when either is wrong. Throws
 * SignInProblem('unavailable') when the directory cannot be reached, refuses its TLS, or refuses
 * the service account.
 */
export async function directorySignIn(
  p: DirectoryConfig,
  username: string,
  password: string,
): Promise<ExternalIdentity | null> {
  // An empty password would be an "unauthenticated bind", which directories accept as success.
  if (!username || !password) return null;
  const { protocol, hostname } = new URL(p.url);
  const host = hostname.replace(/^\[|\]$/g, '');
  const tls: ConnectionOptions = {
    ca: p.caCert.trim() ? [p.caCert] : undefined,
    minVersion: 'TLSv1.2',
    host,
    servername: isIP(host) ? undefined : host,
  };
  const client = new Client({
    url: p.url,
    timeout: TIMEOUT_MS,
    connectTimeout: TIMEOUT_MS,
    tlsOptions: protocol === 'ldaps:' ? tls : undefined,
  });
  try {
    if (protocol === 'ldap:') await client.startTLS(tls);
    if (p.bindDn) await client.bind(p.bindDn, p.bindPassword);
    const filter = p.searchFilter.replaceAll('{username}', Filter.escape(username));
    const { searchEntries } = await client.search(p.searchBase, {
      scope: 'sub',
      filter,
      attributes: [p.usernameAttribute, p.emailAttribute, p.groupAttribute],
      sizeLimit: 2,
    });
    const entry = searchEntries.length === 1 ? searchEntries[0] : undefined;
    if (!entry) return null;
    try {
      await client.bind(entry.dn, password);
    } catch (e) {
      if (e instanceof InvalidCredentialsError) return null;
      throw e;
    }
    return identityOf(p, entry, username);
  } catch (cause) {
    // Two entries for one username: no one can tell which person is meant.
    if (cause instanceof SizeLimitExceededError) return null;
    throw new SignInProblem('unavailable', { cause });
  } finally {
    await client.unbind().catch(() => {});
  }
}
