import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activateVipBodySchema, VIP_MESSAGES, vipBannerBodySchema } from '../../../common/schemas/account.js';
import { licensesQuerySchema } from '../../../common/schemas/admin.js';
import { idParams } from '../../../common/schemas/paging.js';
import { auditContextOf } from '../audit/audit-context.js';
import { presentUser } from '../users/users.presenter.js';

/** License activation for any account; banner management for VIP members (checked in the service). */
export const vipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vip } = app.services;
  const signedIn = { access: 'signed-in' } as const;

  app.post(
    '/api/vip/activate',
    { config: signedIn, schema: { body: activateVipBodySchema } },
    async (request) => {
      const user = await vip.activate(request.user!, request.body.licenseKey);
      return { message: VIP_MESSAGES.activated, user: presentUser(user) };
    },
  );

  app.post(
    '/api/vip/banner',
    { config: signedIn, schema: { body: vipBannerBodySchema } },
    async (request) => {
      const user = await vip.setBanner(request.user!, request.body);
      return { message: VIP_MESSAGES.bannerSaved, user: presentUser(user) };
    },
  );

  // The admin's licence history (spec §2 VIP Licenses tab).
  const adminOnly = { access: 'admin' } as const;
  app.get(
    '/api/admin/vip-licenses',
    { config: adminOnly, schema: { querystring: licensesQuerySchema } },
    async (request) => vip.listLicenses(request.query.page, request.query.pageSize),
  );
  app.post('/api/admin/vip-licenses/generate', { config: adminOnly }, async (request) => {
    const license = await vip.generateLicense();
    await app.services.audit.record(auditContextOf(request), {
      action: 'license.generate',
      target: { type: 'license', id: license.id },
    });
    return { license };
  });
  app.delete(
    '/api/admin/vip-licenses/:id',
    { config: adminOnly, schema: { params: idParams } },
    async (request) => {
      await vip.deleteLicense(request.params.id);
      await app.services.audit.record(auditContextOf(request), {
        action: 'license.delete',
        target: { type: 'license', id: request.params.id },
      });
      return { success: true as const };
    },
  );
};
