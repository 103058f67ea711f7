import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { banBodySchema } from '../../../common/schemas/bans.js';
import { idParams } from '../../../common/schemas/paging.js';
import { auditContextOf } from '../audit/audit-context.js';
import { banDetails, presentBan } from './bans.presenter.js';

/** Admin → Bans: suspend an account, ban an address or range, list and lift bans (managers and admins). */
export const bansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bans, audit } = app.services;
  const staff = { access: 'staff' } as const;

  app.get('/api/admin/bans', { config: staff }, async () => ({
    bans: (await bans.list()).map(presentBan),
  }));

  app.post('/api/admin/bans', { config: staff, schema: { body: banBodySchema } }, async (request, reply) => {
    const ban = await bans.add(request.body, { username: request.user!.username, ip: request.ip });
    await audit.record(auditContextOf(request), {
      action: 'ban.add',
      target: ban.user_id !== null ? { type: 'user', id: ban.user_id } : { type: 'ban', id: ban.id },
      details: banDetails(ban),
    });
    return reply.code(201).send({ ban: presentBan(ban) });
  });

  app.delete('/api/admin/bans/:id', { config: staff, schema: { params: idParams } }, async (request) => {
    const gone = await bans.lift(request.params.id);
    await audit.record(auditContextOf(request), {
      action: 'ban.lift',
      target: gone.user_id !== null ? { type: 'user', id: gone.user_id } : { type: 'ban', id: gone.id },
      details: banDetails(gone),
    });
    return { success: true as const };
  });
};
