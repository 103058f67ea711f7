import { describe, expect, it } from 'vitest';
import { mappedRole, mappedTeams } from './role-map.js';

const MAP = { 'paste-admins': 'admin', 'paste-mods': 'manager' } as const;

describe('group → role mapping', () => {
  it('gives the highest role any group maps to, by name, DN or path, without case', () => {
    expect(mappedRole('user', ['paste-mods'], MAP)).toBe('manager');
    expect(mappedRole('user', ['paste-mods', 'PASTE-ADMINS'], MAP)).toBe('admin');
    expect(mappedRole('user', ['cn=paste-mods,ou=groups,dc=example,dc=org'], MAP)).toBe('manager');
    expect(mappedRole('user', ['/staff/paste-admins'], MAP)).toBe('admin');
  });

  it('takes back a role the map gives when no group gives it any more, and leaves other roles', () => {
    expect(mappedRole('admin', ['other'], MAP)).toBe('user');
    expect(mappedRole('manager', [], MAP)).toBe('user');
    // A VIP licence, or an admin set by hand where the map gives no admin, is not the provider's.
    expect(mappedRole('vip', [], MAP)).toBe('vip');
    expect(mappedRole('admin', [], { 'paste-mods': 'manager' })).toBe('admin');
  });

  it('changes nothing without a map', () => {
    expect(mappedRole('manager', ['paste-admins'], {})).toBe('manager');
  });
});

describe('group → team mapping', () => {
  it('names the teams of the groups a sign-in has, by name, DN or path, without case', () => {
    const map = { 'Paste-Ops': 'ops', 'paste-dev': 'dev', 'paste-all': 'dev' };
    expect(mappedTeams(['cn=paste-ops,ou=groups,dc=example,dc=org'], map)).toEqual(new Set(['ops']));
    expect(mappedTeams(['/eng/paste-dev', 'paste-all'], map)).toEqual(new Set(['dev']));
    expect(mappedTeams(['other'], map)).toEqual(new Set());
    expect(mappedTeams(['paste-ops'], {})).toEqual(new Set());
  });
});
