import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../../common/schemas/user';
import { isVipMember } from './is-vip';

const user = (patch: Partial<PublicUser>): PublicUser => ({
  id: 1,
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  createdAt: '2025-10-01T00:00:00.000Z',
  hasApiKey: false,
  emailVerified: true,
  vipActivatedAt: null,
  vipBannerUrl: null,
  vipBannerLink: null,
  ...patch,
});

describe('isVipMember', () => {
  it('is true for the vip role and for staff who activated a license', () => {
    expect(isVipMember(user({ role: 'vip' }))).toBe(true);
    expect(isVipMember(user({ role: 'admin', vipActivatedAt: '2025-10-02T00:00:00.000Z' }))).toBe(true);
    expect(isVipMember(user({ role: 'manager' }), { isVip: true })).toBe(true);
  });

  it('is false for visitors, users and staff without a license', () => {
    expect(isVipMember(null)).toBe(false);
    expect(isVipMember(user({}))).toBe(false);
    expect(isVipMember(user({ role: 'admin' }), { isVip: false })).toBe(false);
  });
});
