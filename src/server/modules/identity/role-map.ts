import type { Role } from '../../../common/constants.js';
import type { RoleMap, TeamMap } from '../../../common/schemas/identity.js';

const RANK: Record<Role, number> = { user: 0, vip: 1, manager: 2, admin: 3 };

/**
 * The names a group may be mapped by: as the provider sends it, and its short name — the first
 * value of a directory DN (`cn=paste-admins,ou=groups,…` → `paste-admins`) or the last part of a
 * path (Keycloak's `/staff/paste-admins` → `paste-admins`). Compared without case.
 */
function namesOf(group: string): string[] {
  const names = [group];
  const rdn = /^[A-Za-z][\w-]*=([^,]+),/.exec(group);
  if (rdn?.[1]) names.push(rdn[1].trim());
  if (group.includes('/')) names.push(group.slice(group.lastIndexOf('/') + 1));
  return names.map((n) => n.toLowerCase());
}

/**
 * The role a sign-in gives, from the groups the provider names. The highest role any group maps
 * to; with none, an account whose role is one the map gives (a role the provider manages) goes
 * back to `user`, and any other role (set by hand, a VIP licence) stays. An empty map changes
 * nothing.
 */
export function mappedRole(current: Role, groups: readonly string[], roleMap: RoleMap): Role {
  const byName = new Map(Object.entries(roleMap).map(([group, role]) => [group.toLowerCase(), role]));
  if (byName.size === 0) return current;
  const granted = groups.flatMap(namesOf).flatMap((n) => byName.get(n) ?? []);
  if (granted.length > 0) return granted.reduce((a, b) => (RANK[b] > RANK[a] ? b : a));
  return Object.values(roleMap).includes(current) ? 'user' : current;
}

/** The slugs of the teams a sign-in's groups name in the provider's team map (matched as above). */
export function mappedTeams(groups: readonly string[], teamMap: TeamMap): Set<string> {
  const names = new Set(groups.flatMap(namesOf));
  return new Set(
    Object.entries(teamMap)
      .filter(([group]) => names.has(group.toLowerCase()))
      .map(([, slug]) => slug),
  );
}
