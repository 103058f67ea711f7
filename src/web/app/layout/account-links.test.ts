import { describe, expect, it } from 'vitest';
import type { Role } from '../../../common/constants';
import type { PublicUser } from '../../../common/schemas/user';
import { accountLinks } from './account-links';

const user = (role: Role): PublicUser => ({
  id: 1,
  username: 'someone',
  email: 'someone@example.com',
  role,
  createdAt: '2026-01-01T00:00:00.000Z',
  hasApiKey: false,
  emailVerified: true,
  vipActivatedAt: null,
  vipBannerUrl: null,
  vipBannerLink: null,
});

// The user menu and the drawer both render this list: what it holds is what both show.
describe('accountLinks', () => {
  it('gives every signed-in user My Pastes first, then what is shared with them, teams, Account Settings', () => {
    for (const role of ['user', 'vip'] as const) {
      expect(accountLinks(user(role)).map(({ label, to }) => [label, to])).toEqual([
        ['My Pastes', '/account#my-pastes'],
        ['Shared with me', '/account#shared-with-me'],
        ['Teams', '/teams'],
        ['Account Settings', '/account-settings'],
      ]);
    }
  });

  it('adds Admin Panel last for admins and managers', () => {
    for (const role of ['admin', 'manager'] as const) {
      expect(accountLinks(user(role)).map(({ label }) => label)).toEqual([
        'My Pastes',
        'Shared with me',
        'Teams',
        'Account Settings',
        'Admin Panel',
      ]);
    }
    expect(accountLinks(user('admin')).at(-1)?.to).toBe('/admin');
  });
});
