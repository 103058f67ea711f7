import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MB } from '../../../common/constants.js';
import {
  EMAIL_SETTING_KEYS,
  type EmailSettings,
  type PublicSettings,
  SETTINGS_MESSAGES,
  type Settings,
  settingsSchema,
  type UpdateSettingsBody,
} from '../../../common/schemas/settings.js';
import { DEFAULT_SETTINGS } from '../../../common/settings-defaults.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import type { ChangeBus } from '../../infra/change-bus/change-bus.js';
import {
  PASSED_TEST_KEYS,
  SERVER_SECRET_KEY,
  SETTING_KEYS,
  SETUP_COMPLETED_KEY,
} from './settings.defaults.js';
import { insertSetting, readAllSettings, upsertSettings } from './settings.repository.js';

/**
 * Typed settings over the key/value table, through a short-lived cache: a write drops it here at
 * once and, through the change bus, on every other instance a moment later; CACHE_TTL_MS is the
 * fallback for a message lost. Until setup is seen completed nothing is cached: setup on another
 * instance must be seen at once.
 */
const CACHE_TTL_MS = 2_000;
/** The change bus topic of a settings write. */
const SETTINGS_TOPIC = 'settings';

export interface SettingsSnapshot {
  settings: Settings;
  setupCompleted: boolean;
}

export type SettingsService = ReturnType<typeof createSettingsService>;

const PASSED_TEST_TTL_MS = 60 * 60 * 1000;

/** The email provider fields of a settings object, the group a connection test fingerprints. */
export function emailGroup(values: Partial<EmailSettings>): EmailSettings {
  return Object.fromEntries(
    EMAIL_SETTING_KEYS.map((k) => [k, values[k] ?? DEFAULT_SETTINGS[k]]),
  ) as unknown as EmailSettings;
}

/** A digest of a flat object's values, the same whatever the key order. */
function fingerprint(values: object): string {
  const sorted = Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('base64url');
}

export function createSettingsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  maxPasteBytes: number;
  /** Days the audit log keeps an entry (AUDIT_RETENTION_DAYS): the privacy page states it. */
  auditRetentionDays: number;
  /** Where a stored value that is not valid is reported. */
  log?: { warn(obj: object, msg: string): void };
  /** Tells the other instances when the settings change (none: one instance). */
  changes?: ChangeBus;
}) {
  let cached: { at: number; value: SettingsSnapshot } | null = null;
  deps.changes?.subscribe(SETTINGS_TOPIC, () => {
    cached = null;
  });
  /** Drops this instance's copy and tells the others to drop theirs. */
  async function announceChange(): Promise<void> {
    cached = null;
    await deps.changes?.publish(SETTINGS_TOPIC);
  }
  let secret: string | null = null;
  let setupDone = false;
  const publicOf = new WeakMap<SettingsSnapshot, Readonly<PublicSettings>>();

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

  /**
   * A stored value as its setting's schema allows, or the default: a value edited by hand in the
   * database (or written by an older version) must not turn every request into a 500. Logged.
   */
  function readStored(key: keyof Settings, raw: string): unknown {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
    const field = settingsSchema.shape[key];
    if (field.safeParse(value).success) return value;
    deps.log?.warn({ setting: key }, 'stored setting is not valid; using its default');
    return DEFAULT_SETTINGS[key];
  }

  async function snapshot(): Promise<SettingsSnapshot> {
    const now = deps.clock.now();
    if (cached?.value.setupCompleted && now - cached.at < CACHE_TTL_MS) return cached.value;
    const rows = await readAllSettings(deps.db);
    const settings = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
    for (const key of SETTING_KEYS) {
      const raw = rows.get(key);
      if (raw !== undefined) settings[key] = readStored(key, raw);
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
    /** After a transaction that wrote settings has committed (setup, a backup import). */
    invalidate(): void {
      announceChange().catch((err: unknown) =>
        deps.log?.warn({ err }, 'settings change could not be announced; other instances see it within 2 s'),
      );
    },
    /**
     * An admin's change (PUT /api/settings): email provider fields only as the group that just
     * passed its connection test, the captcha switched on only with keys that passed theirs.
     */
    async applyAdminChange(change: UpdateSettingsBody): Promise<Settings> {
      const current = (await snapshot()).settings;
      if (change.requireEmailVerification && !current.requireEmailVerification) {
        const provider = change.emailProvider ?? current.emailProvider;
        if (provider === 'none') throw badRequest(SETTINGS_MESSAGES.verificationNeedsEmail);
      }
      if (EMAIL_SETTING_KEYS.some((k) => change[k] !== undefined)) {
        // The same group the test saw: the fields sent, the rest at their defaults.
        const group = emailGroup(change);
        if (!(await this.passedTest('email', group))) throw badRequest(SETTINGS_MESSAGES.emailNotTested);
      }
      const keys = {
        siteKey: change.turnstileSiteKey ?? current.turnstileSiteKey,
        secretKey: change.turnstileSecretKey ?? current.turnstileSecretKey,
      };
      const keysChanged =
        keys.siteKey !== current.turnstileSiteKey || keys.secretKey !== current.turnstileSecretKey;
      const enabledAfter = change.enableTurnstile ?? current.enableTurnstile;
      if (
        enabledAfter &&
        (change.enableTurnstile === true || keysChanged) &&
        !(await this.passedTest('turnstile', keys))
      ) {
        throw badRequest(SETTINGS_MESSAGES.turnstileNotTested);
      }
      await this.update(change as Partial<Settings>);
      return (await snapshot()).settings;
    },
    /**
     * Remembers that these email or captcha values passed their test, so a later save of the very
     * same values is accepted (spec §4: Save needs a successful test; editing resets it). Kept in
     * the database: the test and the save may reach different instances.
     */
    async recordPassedTest(kind: keyof typeof PASSED_TEST_KEYS, values: object): Promise<void> {
      const entry = JSON.stringify({ fingerprint: fingerprint(values), at: deps.clock.now() });
      await upsertSettings(deps.db, [[PASSED_TEST_KEYS[kind], JSON.stringify(entry)]], deps.clock.now());
    },
    /** Whether these exact values passed their test within the last hour. */
    async passedTest(kind: keyof typeof PASSED_TEST_KEYS, values: object): Promise<boolean> {
      const raw = (await readAllSettings(deps.db)).get(PASSED_TEST_KEYS[kind]);
      if (!raw) return false;
      const { fingerprint: stored, at } = JSON.parse(JSON.parse(raw) as string) as {
        fingerprint: string;
        at: number;
      };
      return stored === fingerprint(values) && deps.clock.now() - at < PASSED_TEST_TTL_MS;
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
      // In a caller's transaction, the caller announces once it has committed (see invalidate).
      if (db === deps.db) await announceChange();
      else cached = null;
    },
    /**
     * What anyone may know of the settings: one frozen object per snapshot, so a hot path may key
     * on it by identity (the paste page's cache does) instead of serialising it per request.
     */
    async getPublic(): Promise<Readonly<PublicSettings>> {
      const snap = await snapshot();
      let shown = publicOf.get(snap);
      if (!shown) {
        const s = snap.settings;
        shown = Object.freeze({
          siteTitle: s.siteTitle,
          faviconUrl: s.faviconUrl,
          maxPasteSize: s.maxPasteSize === 'unlimited' ? 'unlimited' : Number(s.maxPasteSize) / MB,
          turnstileSiteKey: s.turnstileSiteKey,
          enableTurnstile: s.enableTurnstile,
          requireEmailVerification: s.requireEmailVerification,
          enableApiKeys: s.enableApiKeys,
          vipLicenseUrl: s.vipLicenseUrl,
          canSendMail: s.emailProvider !== 'none',
          auditRetentionDays: deps.auditRetentionDays,
          ssoOnly: s.ssoOnly,
          enableAccessTokens: s.enableAccessTokens,
          requireSignInToCreate: s.requireSignInToCreate || s.requireSignInToRead,
          requireSignInToRead: s.requireSignInToRead,
        });
        publicOf.set(snap, shown);
      }
      return shown;
    },
    /** The byte limit for one paste: the setting, always under the server-wide ceiling. */
    async maxPasteBytes(): Promise<number> {
      const s = (await snapshot()).settings;
      const setting = s.maxPasteSize === 'unlimited' ? Number.POSITIVE_INFINITY : Number(s.maxPasteSize);
      return Math.min(setting, deps.maxPasteBytes);
    },
  };
}
