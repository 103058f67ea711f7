import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPIRATIONS, type Expiration, ROLES, type Role } from '../../common/constants';
import { canUseUnlimited } from '../../common/policies';
import {
  defaultExpiration,
  EXPIRATION_CHOICES,
  EXPIRATION_LABELS,
  enforceExpiration,
  expirationRestriction,
  expiryLabel,
  isExpirationAllowed,
} from './expiration';

const ALL_ROLES: (Role | null)[] = [null, ...ROLES];
const NOW = new Date('2025-10-12T12:00:00.000Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

describe('expiration options', () => {
  it('offers the eight options of spec §9 in order', () => {
    expect(EXPIRATION_CHOICES).toEqual(['1h', '1d', '1w', '1m', '3m', '6m', 'unlimited', 'burn']);
  });

  it('labels every option, each differently', () => {
    const labels = EXPIRATION_CHOICES.map((e) => EXPIRATION_LABELS[e]);
    for (const label of labels) expect(label?.trim()).toBeTruthy();
    expect(new Set(labels).size).toBe(EXPIRATION_CHOICES.length);
  });
});

/** Spec §6's roles table: the expirations each role may create with. */
const SPEC_EXPIRATIONS_BY_ROLE: Record<'anonymous' | Role, Expiration[]> = {
  anonymous: ['1h', '1d', '1w', '1m', '3m', 'burn'],
  user: ['1h', '1d', '1w', '1m', '3m', 'burn', '6m'],
  vip: ['1h', '1d', '1w', '1m', '3m', 'burn', '6m', 'unlimited'],
  manager: ['1h', '1d', '1w', '1m', '3m', 'burn', '6m', 'unlimited'],
  admin: ['1h', '1d', '1w', '1m', '3m', 'burn', '6m', 'unlimited'],
};

describe('isExpirationAllowed (spec §6)', () => {
  it('allows each role exactly the options of the roles table', () => {
    for (const role of ALL_ROLES) {
      const allowed = EXPIRATION_CHOICES.filter((e) => isExpirationAllowed(e, role));
      expect([...allowed].sort()).toEqual([...SPEC_EXPIRATIONS_BY_ROLE[role ?? 'anonymous']].sort());
    }
  });
});

describe('canUseUnlimited', () => {
  it('is true only for vip, admin and manager', () => {
    expect(canUseUnlimited('vip')).toBe(true);
    expect(canUseUnlimited('admin')).toBe(true);
    expect(canUseUnlimited('manager')).toBe(true);
    expect(canUseUnlimited('user')).toBe(false);
    expect(canUseUnlimited(null)).toBe(false);
  });
});

describe('enforceExpiration (spec §5 forcing rules)', () => {
  it("forces 'unlimited' to 1 day for anyone not vip, admin or manager", () => {
    expect(enforceExpiration('unlimited', null)).toBe('1d');
    expect(enforceExpiration('unlimited', 'user')).toBe('1d');
    expect(enforceExpiration('unlimited', 'vip')).toBe('unlimited');
    expect(enforceExpiration('unlimited', 'admin')).toBe('unlimited');
    expect(enforceExpiration('unlimited', 'manager')).toBe('unlimited');
  });

  it("forces '6m' to 1 day only when logged out", () => {
    expect(enforceExpiration('6m', null)).toBe('1d');
    for (const role of ROLES) expect(enforceExpiration('6m', role)).toBe('6m');
  });

  it('keeps every other option for everyone, logged out included', () => {
    const others: Expiration[] = ['1h', '1d', '1w', '1m', '3m', 'burn'];
    for (const role of ALL_ROLES) {
      for (const expiration of others) expect(enforceExpiration(expiration, role)).toBe(expiration);
    }
  });

  it('always yields an allowed option, is idempotent and changes only disallowed ones', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXPIRATIONS), fc.constantFrom(...ALL_ROLES), (expiration, role) => {
        const forced = enforceExpiration(expiration, role);
        expect(isExpirationAllowed(forced, role)).toBe(true);
        expect(enforceExpiration(forced, role)).toBe(forced);
        expect(forced === expiration).toBe(isExpirationAllowed(expiration, role));
      }),
    );
  });
});

describe('expirationRestriction', () => {
  it('names who may use a restricted option, and is null when allowed', () => {
    expect(expirationRestriction('6m', null)).toBe('registered users');
    expect(expirationRestriction('unlimited', null)).toBe('VIP, Admin and Manager');
    expect(expirationRestriction('unlimited', 'user')).toBe('VIP, Admin and Manager');
    expect(expirationRestriction('6m', 'user')).toBeNull();
    expect(expirationRestriction('unlimited', 'vip')).toBeNull();
    expect(expirationRestriction('1h', null)).toBeNull();
  });
});

describe('defaultExpiration (spec §9)', () => {
  it('is unlimited for vip, admin and manager and 1 day otherwise', () => {
    expect(defaultExpiration('vip')).toBe('unlimited');
    expect(defaultExpiration('admin')).toBe('unlimited');
    expect(defaultExpiration('manager')).toBe('unlimited');
    expect(defaultExpiration('user')).toBe('1d');
    expect(defaultExpiration(null)).toBe('1d');
  });
});

describe('expiryLabel (spec §4)', () => {
  it('says burn after reading first, even with an expiry time', () => {
    expect(expiryLabel({ burnAfterReading: true, expiresAt: later(3600) }, NOW)).toEqual({
      state: 'burn',
      text: 'Burn after reading',
    });
    expect(expiryLabel({ burnAfterReading: true, expiresAt: null }, NOW).state).toBe('burn');
  });

  it('says never expires without an expiry time', () => {
    expect(expiryLabel({ burnAfterReading: false, expiresAt: null }, NOW)).toEqual({
      state: 'never',
      text: 'Never expires',
    });
  });

  it('says expired at and after the expiry time', () => {
    const expired = { state: 'expired', text: 'Expired' };
    expect(expiryLabel({ burnAfterReading: false, expiresAt: later(0) }, NOW)).toEqual(expired);
    expect(expiryLabel({ burnAfterReading: false, expiresAt: later(-1) }, NOW)).toEqual(expired);
  });

  it('says expires in a relative time before it', () => {
    expect(expiryLabel({ burnAfterReading: false, expiresAt: later(1) }, NOW)).toEqual({
      state: 'expires',
      text: 'Expires in 1 second',
    });
    expect(expiryLabel({ burnAfterReading: false, expiresAt: later(3600) }, NOW).text).toBe(
      'Expires in 1 hour',
    );
    expect(expiryLabel({ burnAfterReading: false, expiresAt: later(24 * 3600) }, NOW).text).toBe(
      'Expires in 1 day',
    );
  });
});
