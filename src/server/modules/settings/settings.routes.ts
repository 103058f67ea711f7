import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminSettings,
  SETTINGS_MESSAGES,
  type Settings,
  testTurnstileBodySchema,
  updateSettingsBodySchema,
} from '../../../common/schemas/settings.js';
import { badRequest } from '../../errors.js';
import { auditContextOf } from '../audit/audit-context.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Every setting but the sign-in providers, whose secrets no answer carries (see
   * adminSettingsSchema), and whether the server has a malware scanner.
   */
  const withoutProviders = ({ identityProviders: _, ...rest }: Settings): AdminSettings => ({
    ...rest,
    malwareScanner: app.services.config.clamav !== undefined,
  });

  app.get(
    '/api/settings/public',
    { config: { access: 'public', allowBeforeSetup: true, openToVisitors: true } },
    async () => app.services.settings.getPublic(),
  );

  /** The admin's view of the settings (secrets included: it is the admin who set them). */
  app.get('/api/settings', { config: { access: 'admin' } }, async () =>
    withoutProviders(await app.services.settings.get()),
  );

  /** Takes effect at once here, and on other instances within the settings cache's 2 s. */
  app.put(
    '/api/settings',
    { config: { access: 'admin' }, schema: { body: updateSettingsBodySchema } },
    async (request) => {
      const settings = await app.services.settings.applyAdminChange(request.body);
      // The names of the fields sent, never their values (some are secrets).
      await app.services.audit.record(auditContextOf(request), {
        action: 'settings.update',
        target: { type: 'site', id: 'settings' },
        details: { fields: Object.keys(request.body).sort() },
      });
      return withoutProviders(settings);
    },
  );

  /** Checks captcha keys with Cloudflare; a success lets the same keys be enabled (spec §4). */
  app.post(
    '/api/admin/test-turnstile',
    { config: { access: 'admin' }, schema: { body: testTurnstileBodySchema } },
    async (request) => {
      const { captcha, settings } = app.services;
      if (!(await captcha.testSecret(request.body.secretKey)))
        throw badRequest(SETTINGS_MESSAGES.turnstileFailed);
      await settings.recordPassedTest('turnstile', request.body);
      return { success: true as const };
    },
  );
};
