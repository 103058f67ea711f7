import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { VIP_BANNER_MAX_BYTES } from '../../../common/constants.js';
import { normalizeLicenseKey } from '../../../common/license-key.js';
import { isVipMember } from '../../../common/policies.js';
import { VIP_MESSAGES, type VipBannerBody } from '../../../common/schemas/account.js';
import { ADMIN_MESSAGES, type VipLicense } from '../../../common/schemas/admin.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { checkBannerImageUrl, checkBannerLink } from './banner-url.js';
import { presentLicense } from './vip.presenter.js';
import { claimLicense, deleteLicense, insertLicense, licenseExists, listLicenses } from './vip.repository.js';

/** License keys are guessable only by brute force; keep that slow per account. */
export const VIP_ACTIVATE_PER_USER: LimitRule = {
  name: 'vip-activate-user',
  points: 10,
  durationSec: 15 * 60,
};

interface Deps {
  users: UsersService;
  db: Kysely<Database>;
  clock: Clock;
  rateLimiter: RateLimiter;
  bannerHosts: readonly string[];
}

export type VipService = ReturnType<typeof createVipService>;

/** Crockford's base32 alphabet: no I, L, O or U to misread. */
const KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** VIP-XXXX-XXXX-XXXX-XXXX from 80 random bits. */
export function newLicenseKey(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += KEY_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `VIP-${out.match(/.{4}/g)!.join('-')}`;
}

/** A VIP member (common/policies): the vip role, or a manager or admin who activated a license. */
export const hasVip = (user: UserRow): boolean =>
  isVipMember({ role: user.role, vipActivated: user.vip_activated_at !== null });

export function createVipService({ db, users, clock, rateLimiter, bannerHosts }: Deps) {
  return {
    /** Uses a license key: the license and the user change together or not at all. */
    async activate(user: UserRow, rawKey: string): Promise<UserRow> {
      // The key's one spelling first, then exactly as typed (keys made elsewhere, e.g. imported).
      const keys = [...new Set([normalizeLicenseKey(rawKey), rawKey.trim()])];
      if (!keys[0]) throw badRequest(VIP_MESSAGES.licenseRequired);
      await rateLimiter.consume([[VIP_ACTIVATE_PER_USER, String(user.id)]]);
      if (hasVip(user)) throw conflict(VIP_MESSAGES.alreadyVip);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        let claimed = false;
        for (const key of keys) if (!claimed) claimed = await claimLicense(trx, key, user.id, now);
        if (!claimed) {
          for (const key of keys) if (await licenseExists(trx, key)) throw conflict(VIP_MESSAGES.licenseUsed);
          throw new AppError('NOT_FOUND', VIP_MESSAGES.licenseUnknown);
        }
        // Throwing rolls the claim back, so a second license is never spent on the same account.
        if (!(await users.grantVip(user.id, now, trx))) throw conflict(VIP_MESSAGES.alreadyVip);
      });
      return (await users.findById(user.id))!;
    },

    /** A new licence key: 80 random bits (CSPRNG) as VIP-XXXX-XXXX-XXXX-XXXX, shown in full to the admin. */
    async generateLicense(): Promise<VipLicense> {
      const row = await insertLicense(db, newLicenseKey(), clock.now());
      return presentLicense({ ...row, used_by_username: null });
    },

    async listLicenses(page: number, pageSize: number): Promise<{ licenses: VipLicense[]; total: number }> {
      const { rows, total } = await listLicenses(db, (page - 1) * pageSize, pageSize);
      return { total, licenses: rows.map(presentLicense) };
    },

    async deleteLicense(rawId: string): Promise<void> {
      const id = Number(rawId);
      const valid = /^[1-9][0-9]{0,15}$/.test(rawId) && Number.isSafeInteger(id);
      if (!valid || !(await deleteLicense(db, id))) throw notFound(ADMIN_MESSAGES.licenseNotFound);
    },

    async setBanner(user: UserRow, body: VipBannerBody): Promise<UserRow> {
      if (!hasVip(user)) throw forbidden(VIP_MESSAGES.vipRequired);
      const image = checkBannerImageUrl(body.bannerImageUrl, bannerHosts);
      if (!image.ok) throw badRequest(image.message);
      if ((body.bannerImageBytes ?? 0) > VIP_BANNER_MAX_BYTES) throw badRequest(VIP_MESSAGES.bannerTooLarge);
      const link = checkBannerLink(body.bannerLink);
      if (!link.ok) throw badRequest(link.message);
      await users.setVipBanner(user.id, image.value, link.value);
      return (await users.findById(user.id))!;
    },
  };
}
