import { ROLES, type Role } from '../../../../common/constants';
import { TEAM_SLUG_PATTERN } from '../../../../common/schemas/teams';

/**
 * The group maps as the admin types them: one `group = value` a line (the last `=` splits, so a
 * DN with `=` in it works as a group). Blank lines are skipped.
 */
function formatGroupMap(map: Record<string, string>): string {
  return Object.entries(map)
    .map(([group, value]) => `${group} = ${value}`)
    .join('\n');
}

function parseGroupMap<V extends string>(
  text: string,
  accepts: (value: string) => value is V,
  problem: string,
): { map: Record<string, V> } | { error: string } {
  const map: Record<string, V> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.lastIndexOf('=');
    const group = line.slice(0, eq).trim();
    const value = line
      .slice(eq + 1)
      .trim()
      .toLowerCase();
    if (eq <= 0 || !group || !accepts(value)) return { error: `Line ${i + 1}: ${problem}` };
    map[group] = value;
  }
  return { map };
}

export const formatRoleMap: (map: Record<string, Role>) => string = formatGroupMap;

export function parseRoleMap(text: string): { map: Record<string, Role> } | { error: string } {
  const isRole = (v: string): v is Role => (ROLES as readonly string[]).includes(v);
  return parseGroupMap(text, isRole, `write "group = role", the role one of ${ROLES.join(', ')}`);
}

/** The group → team map: one `group = team-address` a line. */
export const formatTeamMap: (map: Record<string, string>) => string = formatGroupMap;

export function parseTeamMap(text: string): { map: Record<string, string> } | { error: string } {
  const isSlug = (v: string): v is string => TEAM_SLUG_PATTERN.test(v);
  return parseGroupMap(text, isSlug, 'write "group = team-address", the address as in /teams/{address}');
}
