import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETTINGS_MESSAGES, updateSettingsBodySchema } from '../../../common/schemas/settings.js';
import { badRequest } from '../../errors.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings/public', { config: { access: 'public', allowBeforeSetup: true } }, async () =>
    app.services.settings.getPublic(),
  );

  /** The admin's view of every setting (secrets included: it is the admin who set them). */
  app.get('/api/settings', { config: { access: 'admin' } }, async () => app.services.settings.get());

  /** Takes effect at once here, and on other instances within the settings cache's 2 s. */
  app.put(
    '/api/settings',
    { config: { access: 'admin' }, schema: { body: updateSettingsBodySchema } },
    async (request) => {
      const { settings } = app.services;
      const current = await settings.get();
      if (
        request.body.requireEmailVerification &&
        !current.requireEmailVerification &&
        current.emailProvider === 'none'
      ) {
        throw badRequest(SETTINGS_MESSAGES.verificationNeedsEmail);
      }
      await settings.update(request.body);
      return settings.get();
    },
  );
};
