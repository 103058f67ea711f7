import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MB } from '../../../common/constants.js';
import type { PublicSettings, Settings } from '../../../common/schemas/settings.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import {
  DEFAULT_SETTINGS,
  SERVER_SECRET_KEY,
  SETTING_KEYS,
  SETUP_COMPLETED_KEY,
} from './settings.defaults.js';
import { insertSetting, readAllSettings, upsertSettings } from './settings.repository.js';

/**
 * Typed settings over the key/value table, through a short-lived cache: local writes invalidate it
 * at once; other instances see a change within CACHE_TTL_MS. Until setup is seen completed nothing
 * is cached: setup on another instance must be seen at once, not after the TTL.
 */
const CACHE_TTL_MS = 2_000;

export interface SettingsSnapshot {
  settings: Settings;
  setupCompleted: boolean;
}

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(deps: { db: Kysely<Database>; clock: Clock; maxPasteBytes: number }) {
  let cached: { at: number; value: SettingsSnapshot } | null = null;
  let secret: string | null = null;
  let setupDone = false;

  async function readOrCreateSecret(): Promise<string> {
    const stored = (await readAllSettings(deps.db)).get(SERVER_SECRET_KEY);
    if (stored) return JSON.parse(stored) as string;
    try {
      const fresh = JSON.stringify(randomBytes(32).toString('base64url'));
      await insertSetting(deps.db, SERVER_SECRET_KEY, fresh, deps.clock.now());
    } catch (e) {
      // Another instance created it first: use theirs.
      if (!isUniqueViolation(e)) throw e;
    }
    return JSON.parse((await readAllSettings(deps.db)).get(SERVER_SECRET_KEY)!) as string;
  }

  async function snapshot(): Promise<SettingsSnapshot> {
    const now = deps.clock.now();
    if (cached?.value.setupCompleted && now - cached.at < CACHE_TTL_MS) return cached.value;
    const rows = await readAllSettings(deps.db);
    const settings = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
    for (const key of SETTING_KEYS) {
      const raw = rows.get(key);
      if (raw !== undefined) settings[key] = JSON.parse(raw);
    }
    const value = {
      settings: settings as unknown as Settings,
      setupCompleted: rows.has(SETUP_COMPLETED_KEY),
    };
    cached = { at: now, value };
    return value;
  }

  return {
    get: async (): Promise<Settings> => (await snapshot()).settings,
    /** True once this process has seen setup completed: a synchronous check for hot paths. */
    isSetupKnownCompleted: (): boolean => setupDone,
    /** Once setup is done it stays done, so every request after that skips the lookup. */
    async isSetupCompleted(): Promise<boolean> {
      if (!setupDone) setupDone = (await snapshot()).setupCompleted;
      return setupDone;
    },
    /** The server's signing secret, created on first use; every instance reads the same row. */
    async secret(): Promise<string> {
      if (!secret) secret = await readOrCreateSecret();
      return secret;
    },
    invalidate(): void {
      cached = null;
    },
    /**
     * Records that first-run setup is done, in the caller's transaction. An insert, not an upsert:
     * of two setups racing, the second fails on the key and is refused.
     */
    async markSetupCompleted(tx: Kysely<Database>): Promise<void> {
      const now = deps.clock.now();
      await insertSetting(tx, SETUP_COMPLETED_KEY, JSON.stringify(now), now);
      cached = null;
    },
    /** Writes the given settings (only known keys) in the caller's transaction or the default db. */
    async update(patch: Partial<Settings>, db: Kysely<Database> = deps.db): Promise<void> {
      const entries = Object.entries(patch)
        .filter(([k, v]) => v !== undefined && (SETTING_KEYS as string[]).includes(k))
        .map(([k, v]) => [k, JSON.stringify(v)] as [string, string]);
      await upsertSettings(db, entries, deps.clock.now());
      cached = null;
    },
    async getPublic(): Promise<PublicSettings> {
      const s = (await snapshot()).settings;
      return {
        siteTitle: s.siteTitle,
        faviconUrl: s.faviconUrl,
        maxPasteSize: s.maxPasteSize === 'unlimited' ? 'unlimited' : Number(s.maxPasteSize) / MB,
        turnstileSiteKey: s.turnstileSiteKey,
        enableTurnstile: s.enableTurnstile,
        requireEmailVerification: s.requireEmailVerification,
        enableApiKeys: s.enableApiKeys,
        vipLicenseUrl: s.vipLicenseUrl,
      };
    },
    /** The byte limit for one paste: the setting, always under the server-wide ceiling. */
    async maxPasteBytes(): Promise<number> {
      const s = (await snapshot()).settings;
      const setting = s.maxPasteSize === 'unlimited' ? Number.POSITIVE_INFINITY : Number(s.maxPasteSize);
      return Math.min(setting, deps.maxPasteBytes);
    },
  };
}
