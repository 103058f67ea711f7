import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTeamBodySchema,
  putTeamMemberBodySchema,
  teamMemberParams,
  teamParams,
  updateTeamBodySchema,
} from '../../../common/schemas/teams.js';
import { auditContextOf } from '../audit/audit-context.js';

/** Teams and their members (owners and staff manage; members see), each change in the audit log. */
export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { teams, audit } = app.services;
  // Reading teams is account:read for a token; changing them is for the full key (no scope names it).
  const signedIn = { access: 'signed-in', apiKey: true, tokenScope: 'key-only' } as const;
  const reading = { ...signedIn, tokenScope: 'account:read' } as const;

  app.get('/api/teams', { config: reading }, async (request) => ({
    teams: await teams.listMine(request.user!),
  }));

  app.get('/api/admin/teams', { config: { access: 'staff' } }, async (request) => ({
    teams: await teams.listAll(request.user!),
  }));

  app.post(
    '/api/teams',
    { config: signedIn, schema: { body: createTeamBodySchema } },
    async (request, reply) => {
      const detail = await teams.create(request.body, request.user!);
      await audit.record(auditContextOf(request), {
        action: 'team.create',
        target: { type: 'team', id: detail.team.slug },
        details: { name: detail.team.name },
      });
      return reply.code(201).send(detail);
    },
  );

  app.get('/api/teams/:slug', { config: reading, schema: { params: teamParams } }, (request) =>
    teams.detail(request.params.slug, request.user!),
  );

  app.patch(
    '/api/teams/:slug',
    { config: signedIn, schema: { params: teamParams, body: updateTeamBodySchema } },
    async (request) => {
      const { team, detail } = await teams.update(request.params.slug, request.body, request.user!);
      await audit.record(auditContextOf(request), {
        action: 'team.update',
        target: { type: 'team', id: team.slug },
        details: { fields: Object.keys(request.body).sort() },
      });
      return detail;
    },
  );

  app.delete('/api/teams/:slug', { config: signedIn, schema: { params: teamParams } }, async (request) => {
    const team = await teams.remove(request.params.slug, request.user!);
    await audit.record(auditContextOf(request), {
      action: 'team.delete',
      target: { type: 'team', id: team.slug },
      details: { name: team.name },
    });
    return { success: true as const };
  });

  app.put(
    '/api/teams/:slug/members',
    { config: signedIn, schema: { params: teamParams, body: putTeamMemberBodySchema } },
    async (request) => {
      const { username, role } = request.body;
      const done = await teams.putMember(request.params.slug, username, role, request.user!);
      if (done.change !== 'unchanged') {
        await audit.record(auditContextOf(request), {
          action: done.change === 'added' ? 'team.member_add' : 'team.member_role',
          target: { type: 'team', id: done.team.slug },
          details: { member: done.user.username, role },
        });
      }
      return done.detail;
    },
  );

  app.delete(
    '/api/teams/:slug/members/:username',
    { config: signedIn, schema: { params: teamMemberParams } },
    async (request) => {
      const { slug, username } = request.params;
      const done = await teams.removeMember(slug, username, request.user!);
      await audit.record(auditContextOf(request), {
        action: 'team.member_remove',
        target: { type: 'team', id: done.team.slug },
        details: { member: done.user.username },
      });
      return done.detail;
    },
  );
};
