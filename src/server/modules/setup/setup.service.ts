import { SETUP_MESSAGES } from '../../../common/messages.js';
import { registrationError } from '../../../common/schemas/auth.js';
import type { EmailSettings } from '../../../common/schemas/settings.js';
import {
  type DatabaseTestResult,
  type SetupBody,
  siteOriginOf,
  type TestEmailBody,
} from '../../../common/schemas/setup.js';
import { DEFAULT_SETTINGS } from '../../../common/settings-defaults.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { type Db, pingDatabase } from '../../db/kysely.js';
import { AppError, badRequest } from '../../errors.js';
import { createMailer, defaultSmtpPort, type MailerOptions } from '../../infra/mailer/index.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { emailGroup, type SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import { SMTP_PORTS_BEFORE_SETUP, TEST_EMAIL_PER_IP } from './setup.limits.js';

interface Deps {
  users: UsersService;
  db: Db;
  clock: Clock;
  settings: SettingsService;
  rateLimiter: RateLimiter;
  mailConfig: Config['mail'];
  /** Tests only: e.g. trust the loopback SMTP sink's certificate. */
  mailerOptions?: MailerOptions;
}

const EMAIL_FIELDS = Object.keys(DEFAULT_SETTINGS).filter(
  (k) => k.startsWith('email') || k.startsWith('smtp') || k.endsWith('ApiKey') || k === 'mailgunDomain',
) as (keyof EmailSettings)[];

function emailSettingsFrom(body: Partial<EmailSettings>): Partial<EmailSettings> {
  return Object.fromEntries(EMAIL_FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
}

export type SetupService = ReturnType<typeof createSetupService>;

export function createSetupService({
  db,
  users,
  clock,
  settings,
  rateLimiter,
  mailConfig,
  mailerOptions,
}: Deps) {
  return {
    async testDatabase(): Promise<DatabaseTestResult> {
      try {
        await pingDatabase(db);
        const where = db.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded SQLite';
        return { ok: true, dialect: db.dialect, message: `Connected to ${where}` };
      } catch {
        throw new AppError('UNAVAILABLE', SETUP_MESSAGES.databaseFailed);
      }
    },

    /** Checks the provider's credentials, and sends a test message when a recipient is given. */
    async testEmail(body: TestEmailBody, ip: string): Promise<{ ok: true; message: string }> {
      await rateLimiter.consume([[TEST_EMAIL_PER_IP, ip]]);
      const merged = { ...DEFAULT_SETTINGS, ...emailSettingsFrom(body) } as EmailSettings;
      const port = merged.smtpPort || defaultSmtpPort(merged.smtpSecure);
      if (
        merged.emailProvider === 'smtp' &&
        !SMTP_PORTS_BEFORE_SETUP.includes(port) &&
        !mailerOptions?.smtpAnyPort &&
        !(await settings.isSetupCompleted())
      ) {
        throw badRequest(SETUP_MESSAGES.smtpPortNotAllowed);
      }
      const mailer = createMailer(merged, mailConfig, mailerOptions);
      await mailer.testConnection();
      // After setup this is the admin's Test Connection: these values may now be saved.
      if (await settings.isSetupCompleted()) await settings.recordPassedTest('email', emailGroup(merged));
      if (body.testRecipient) {
        await mailer.send({
          to: body.testRecipient,
          subject: 'Test email',
          text: 'Your email settings work.',
          html: '<p>Your email settings work.</p>',
        });
        return { ok: true, message: `Connected; a test email was sent to ${body.testRecipient}` };
      }
      return { ok: true, message: 'Connected to the email provider' };
    },

    /**
     * Creates the admin and the settings in one transaction, exactly once: the insert of the
     * setup-completed row is the lock, so a second (or concurrent) call fails on its unique key.
     */
    async complete(body: SetupBody, ip: string): Promise<void> {
      const username = body.adminUsername.trim();
      const email = body.adminEmail.trim().toLowerCase();
      if (!username || !body.adminPassword || !email) throw badRequest(SETUP_MESSAGES.missingAdmin);
      const problem = registrationError(
        { username, email, password: body.adminPassword },
        { requireEmail: true, checkCaptcha: false },
      );
      if (problem) throw badRequest(problem);
      const siteOrigin = siteOriginOf(body.domain ?? '');
      if (!siteOrigin) throw badRequest(SETUP_MESSAGES.domainInvalid);
      const emailSettings = emailSettingsFrom(body);
      if (emailSettings.emailProvider && emailSettings.emailProvider !== 'none' && !emailSettings.emailFrom) {
        throw badRequest(SETUP_MESSAGES.emailNeedsProvider);
      }
      if (await settings.isSetupCompleted())
        throw new AppError('SETUP_COMPLETED', SETUP_MESSAGES.alreadyCompleted);

      const passwordHash = await hashPassword(body.adminPassword);
      const now = clock.now();
      try {
        await db.kysely.transaction().execute(async (trx) => {
          await settings.markSetupCompleted(trx);
          await users.create(
            {
              username,
              email,
              role: 'admin',
              password_hash: passwordHash,
              created_at: now,
              registration_ip: ip,
              email_verified: 1,
            },
            trx,
          );
          await settings.update(
            {
              ...emailSettings,
              ...(body.siteTitle?.trim() ? { siteTitle: body.siteTitle.trim() } : {}),
              domain: siteOrigin,
            },
            trx,
          );
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('SETUP_COMPLETED', SETUP_MESSAGES.alreadyCompleted);
        throw e;
      } finally {
        settings.invalidate();
      }
    },
  };
}
