import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPastesQuerySchema,
  adminUsersQuerySchema,
  updateUserBodySchema,
} from '../../../common/schemas/admin.js';
import { idParams, pageParam, pageSizeParam } from '../../../common/schemas/paging.js';
import { stepUpBodySchema } from '../../../common/schemas/second-factor.js';
import { auditContextOf } from '../audit/audit-context.js';
import { presentPasteListItem } from '../pastes/pastes.presenter.js';

/** Spec §9: a user's pastes in the admin panel, 10 a page. */
const userPastesQuery = z.object({ page: pageParam, limit: pageSizeParam(10, 100) });

/** The admin panel's calls (spec §7 Admin); moderation's are in modules/moderation. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin, audit, users } = app.services;
  const adminOnly = { access: 'admin' } as const;

  app.get('/api/admin/stats', { config: { access: 'staff' } }, async (request) =>
    admin.stats(request.user!.role),
  );

  app.get(
    '/api/admin/users',
    { config: adminOnly, schema: { querystring: adminUsersQuerySchema } },
    async (request) => ({
      users: await admin.listUsers(request.query.role),
    }),
  );

  app.get(
    '/api/admin/users/:id/pastes',
    { config: adminOnly, schema: { params: idParams, querystring: userPastesQuery } },
    async (request) => {
      const r = await admin.userPastes(request.params.id, request.query.page, request.query.limit);
      return {
        pastes: r.rows.map(presentPasteListItem),
        page: r.page,
        totalPages: r.totalPages,
        total: r.total,
      };
    },
  );

  app.put(
    '/api/users/:id',
    { config: adminOnly, schema: { params: idParams, body: updateUserBodySchema } },
    async (request) => {
      const user = await admin.updateUser(request.user!, request.params.id, request.body);
      const target = { type: 'user' as const, id: user.id };
      // Which credential changed, never its value; a role change names the new role.
      if ('role' in request.body) {
        await audit.record(auditContextOf(request), {
          action: 'user.role_change',
          target,
          details: { username: user.username, role: request.body.role },
        });
      } else {
        const action = 'password' in request.body ? 'user.password_change' : 'user.email_change';
        await audit.record(auditContextOf(request), { action, target, details: { username: user.username } });
      }
      return { user };
    },
  );

  // A staff action on someone's way in: it asks the admin's own fresh second factor, if they have one.
  app.post(
    '/api/admin/users/:id/second-factor/reset',
    {
      config: { ...adminOnly, freshSecondFactor: true },
      schema: { params: idParams, body: stepUpBodySchema },
    },
    async (request) => {
      const user = await admin.resetSecondFactor(request.params.id);
      await audit.record(auditContextOf(request), {
        action: 'user.second_factor_reset',
        target: { type: 'user', id: user.id },
        details: { username: user.username },
      });
      return { user };
    },
  );

  app.delete('/api/users/:id', { config: adminOnly, schema: { params: idParams } }, async (request) => {
    const id = Number(request.params.id);
    const gone = Number.isSafeInteger(id) ? await users.findById(id) : undefined;
    await admin.deleteUser(request.user!, request.params.id);
    await audit.record(auditContextOf(request), {
      action: 'user.delete',
      target: { type: 'user', id: request.params.id },
      details: gone ? { username: gone.username } : undefined,
    });
    return { success: true as const };
  });

  app.get(
    '/api/pastes',
    { config: adminOnly, schema: { querystring: adminPastesQuerySchema } },
    async (request) => admin.listPastes(request.query),
  );

  // With an admin's API key too: `pasteshare rm` deletes as the admin's Delete on the site does.
  app.delete(
    '/api/pastes/:id',
    { config: { ...adminOnly, apiKey: true, tokenScope: 'admin' }, schema: { params: idParams } },
    async (request) => {
      await admin.deletePaste(request.params.id);
      await audit.record(auditContextOf(request), {
        action: 'paste.delete',
        target: { type: 'paste', id: request.params.id },
      });
      return { success: true as const };
    },
  );
};
