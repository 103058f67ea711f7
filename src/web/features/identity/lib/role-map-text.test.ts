import { describe, expect, it } from 'vitest';
import { formatRoleMap, parseRoleMap } from './role-map-text';

describe('the group → role map as text', () => {
  it('reads one group = role a line, DNs included, and writes it back the same', () => {
    const text = 'paste-admins = admin\ncn=paste-mods,ou=groups,dc=example,dc=org = Manager\n\n';
    const parsed = parseRoleMap(text);
    expect(parsed).toEqual({
      map: { 'paste-admins': 'admin', 'cn=paste-mods,ou=groups,dc=example,dc=org': 'manager' },
    });
    expect(formatRoleMap((parsed as { map: Record<string, 'admin'> }).map)).toBe(
      'paste-admins = admin\ncn=paste-mods,ou=groups,dc=example,dc=org = manager',
    );
  });

  it('names the line that is not a mapping', () => {
    expect(parseRoleMap('a = admin\nstaff = owner')).toEqual({
      error: 'Line 2: write "group = role", the role one of user, vip, manager, admin',
    });
    expect(parseRoleMap('= admin')).toHaveProperty('error');
    expect(parseRoleMap('')).toEqual({ map: {} });
  });
});
