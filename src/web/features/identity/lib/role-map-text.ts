import { ROLES, type Role } from '../../../../common/constants';

/**
 * The group → role map as the admin types it: one `group = role` a line (the last `=` splits, so a
 * DN with `=` in it works as a group). Blank lines are skipped.
 */
export function formatRoleMap(map: Record<string, Role>): string {
  return Object.entries(map)
    .map(([group, role]) => `${group} = ${role}`)
    .join('\n');
}

export function parseRoleMap(text: string): { map: Record<string, Role> } | { error: string } {
  const map: Record<string, Role> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.lastIndexOf('=');
    const group = line.slice(0, eq).trim();
    const role = line
      .slice(eq + 1)
      .trim()
      .toLowerCase();
    if (eq <= 0 || !group || !(ROLES as readonly string[]).includes(role)) {
      return { error: `Line ${i + 1}: write "group = role", the role one of ${ROLES.join(', ')}` };
    }
    map[group] = role as Role;
  }
  return { map };
}
