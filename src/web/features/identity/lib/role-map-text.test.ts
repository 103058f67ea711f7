import { describe, expect, it } from 'vitest';
import { formatRoleMap, formatTeamMap, parseRoleMap, parseTeamMap } from './role-map-text';

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

describe('the group → team map as text', () => {
  it('reads one group = team address a line and writes it back the same', () => {
    const parsed = parseTeamMap('ops-staff = ops\n/eng/dev = Dev-Team');
    expect(parsed).toEqual({ map: { 'ops-staff': 'ops', '/eng/dev': 'dev-team' } });
    expect(formatTeamMap((parsed as { map: Record<string, string> }).map)).toBe(
      'ops-staff = ops\n/eng/dev = dev-team',
    );
  });

  it('names the line whose team address cannot be one', () => {
    expect(parseTeamMap('ops-staff = ops\nstaff = not a slug')).toEqual({
      error: 'Line 2: write "group = team-address", the address as in /teams/{address}',
    });
  });
});
