import { Redis } from 'ioredis';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/kysely.js';
import { createCaptcha } from './infra/captcha/captcha.js';
import { createRateLimiter } from './lib/rate-limiter.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSetupService } from './modules/setup/setup.service.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

/** Builds every service once, wiring their dependencies; routes reach them through app.services. */
export function createServices({ config, db, clock }: ServiceDeps) {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  const settings = createSettingsService({ db: db.kysely, clock, maxPasteBytes: config.maxPasteBytes });
  const captcha = createCaptcha(config.turnstile);
  const rateLimiter = createRateLimiter(redis);
  const auth = createAuthService({ db: db.kysely, clock, settings, captcha, rateLimiter });
  const setup = createSetupService({ db, clock, settings, mailConfig: config.mail });
  return {
    config,
    db,
    clock,
    redis,
    settings,
    captcha,
    rateLimiter,
    auth,
    setup,
    async close(): Promise<void> {
      await redis?.quit().catch(() => {});
      await db.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
