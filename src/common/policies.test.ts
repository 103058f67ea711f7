import { describe, expect, it } from 'vitest';
import { EXPIRATIONS, EXTREME_PASTE_BYTES, PRIVACIES, ROLES } from './constants';
import {
  canAdminister,
  canChooseExpiration,
  canChoosePrivacy,
  canForkPaste,
  canManageTeam,
  canModerate,
  canSeeTeam,
  canViewProtected,
  defaultExpiration,
  editRefusal,
  isVipMember,
  mayEmbedPaste,
  mayReadPaste,
} from './policies';

/** Spec §6, as a table: each role (and a visitor) against each permission. */
describe('policies', () => {
  const who = [null, ...ROLES] as const;

  it('lets staff moderate and read protected pastes, and only admins administer', () => {
    expect(who.map((r) => canModerate(r))).toEqual([false, false, false, true, true]);
    expect(who.map((r) => canViewProtected(r))).toEqual([false, false, false, true, true]);
    expect(who.map((r) => canAdminister(r))).toEqual([false, false, false, false, true]);
  });

  it('keeps 6 months for accounts and unlimited for vip, manager and admin; the rest for all', () => {
    expect(who.map((r) => canChooseExpiration(r, '6m'))).toEqual([false, true, true, true, true]);
    expect(who.map((r) => canChooseExpiration(r, 'unlimited'))).toEqual([false, false, true, true, true]);
    for (const e of EXPIRATIONS.filter((x) => x !== '6m' && x !== 'unlimited')) {
      expect(
        who.every((r) => canChooseExpiration(r, e)),
        e,
      ).toBe(true);
    }
    expect(who.map((r) => defaultExpiration(r))).toEqual(['1d', '1d', 'unlimited', 'unlimited', 'unlimited']);
  });

  it('lets only the author edit a paste, never a burn, processing or extreme one', () => {
    const paste = { isAuthor: true, burnAfterReading: false, processing: false, sizeBytes: 100 };
    expect(editRefusal(paste)).toBeNull();
    expect(editRefusal({ ...paste, sizeBytes: EXTREME_PASTE_BYTES })).toBeNull();
    expect(editRefusal({ ...paste, isAuthor: false })).toBe('not-yours');
    expect(editRefusal({ ...paste, burnAfterReading: true })).toBe('burn');
    expect(editRefusal({ ...paste, processing: true })).toBe('processing');
    expect(editRefusal({ ...paste, sizeBytes: EXTREME_PASTE_BYTES + 1 })).toBe('extreme');
    // Whose it is comes first: a stranger learns nothing about the paste's state.
    expect(editRefusal({ isAuthor: false, burnAfterReading: true, processing: true, sizeBytes: 0 })).toBe(
      'not-yours',
    );
  });

  it('lets public and unlisted pastes be forked once ready, never password, shared, burn or encrypted ones', () => {
    const ready = (privacy: (typeof PRIVACIES)[number], burnAfterReading = false, encrypted = false) =>
      canForkPaste({ privacy, burnAfterReading, status: 'ready', encrypted });
    expect(PRIVACIES.map((p) => ready(p))).toEqual([true, true, false, false]);
    expect(PRIVACIES.map((p) => ready(p, true))).toEqual([false, false, false, false]);
    expect(PRIVACIES.map((p) => ready(p, false, true))).toEqual([false, false, false, false]);
    const plain = { privacy: 'public', burnAfterReading: false, encrypted: false } as const;
    expect(canForkPaste({ ...plain, status: 'processing' })).toBe(false);
    expect(canForkPaste({ ...plain, status: 'failed' })).toBe(false);
  });

  it('counts the vip role and staff who activated a licence as VIP members', () => {
    expect(isVipMember({ role: 'vip', vipActivated: false })).toBe(true);
    expect(isVipMember({ role: 'admin', vipActivated: true })).toBe(true);
    expect(isVipMember({ role: 'manager', vipActivated: false })).toBe(false);
    expect(isVipMember({ role: 'user', vipActivated: false })).toBe(false);
  });

  it('opens a shared paste to its author, the people and teams it names, and staff only', () => {
    const nobody = { isAuthor: false, isNamed: false, isStaff: false };
    for (const privacy of PRIVACIES) {
      expect(mayReadPaste({ privacy }, nobody)).toBe(privacy !== 'shared');
    }
    for (const reader of [{ isAuthor: true }, { isNamed: true }, { isStaff: true }]) {
      expect(mayReadPaste({ privacy: 'shared' }, { ...nobody, ...reader })).toBe(true);
    }
    expect(canChoosePrivacy(null, 'shared')).toBe(false);
    expect(canChoosePrivacy('user', 'shared')).toBe(true);
    expect(canChoosePrivacy(null, 'unlisted')).toBe(true);
  });

  it('lets team owners and staff manage a team, members and staff see it', () => {
    expect(canManageTeam('user', 'owner')).toBe(true);
    expect(canManageTeam('user', 'member')).toBe(false);
    expect(canManageTeam('manager', null)).toBe(true);
    expect(canSeeTeam('user', 'member')).toBe(true);
    expect(canSeeTeam('vip', null)).toBe(false);
    expect(canSeeTeam('admin', null)).toBe(true);
  });

  it('embeds only public and unlisted pastes anyone with the link reads at once, on an open site', () => {
    const open = { burnAfterReading: false, status: 'ready' as const, encrypted: false, held: false };
    const site = { requireSignInToRead: false };
    expect(PRIVACIES.filter((privacy) => mayEmbedPaste({ ...open, privacy }, site))).toEqual([
      'public',
      'unlisted',
    ]);
    const refused = [
      { burnAfterReading: true },
      { status: 'processing' as const },
      { encrypted: true },
      { held: true },
    ];
    for (const facts of refused) {
      expect(mayEmbedPaste({ ...open, privacy: 'public', ...facts }, site), JSON.stringify(facts)).toBe(
        false,
      );
    }
    expect(mayEmbedPaste({ ...open, privacy: 'public' }, { requireSignInToRead: true })).toBe(false);
  });
});
