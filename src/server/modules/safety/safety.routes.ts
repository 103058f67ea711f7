import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../common/schemas/paging.js';
import {
  heldDecisionBodySchema,
  SAFETY_IMPORT_MAX_CHARS,
  safetyImportBodySchema,
  safetyRuleBodySchema,
  safetyRuleTestBodySchema,
} from '../../../common/schemas/safety.js';
import { auditContextOf } from '../audit/audit-context.js';
import { presentHeld, presentRule, presentStats } from './safety.presenter.js';
import { STATS_DAYS } from './safety.service.js';

/** A published blocklist is larger than the usual JSON body. */
const IMPORT_BODY_LIMIT = SAFETY_IMPORT_MAX_CHARS * 2;

/** Admin → Safety: content rules and the Held queue, for managers and admins. */
export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contentRules, safety, audit, moderation } = app.services;
  const staff = { access: 'staff' } as const;

  app.get('/api/admin/safety/rules', { config: staff }, async () => ({
    rules: (await contentRules.list()).map(presentRule),
  }));

  app.post(
    '/api/admin/safety/rules',
    { config: staff, schema: { body: safetyRuleBodySchema } },
    async (request, reply) => {
      const rule = await contentRules.add(request.body);
      await audit.record(auditContextOf(request), {
        action: 'safety.rule_add',
        target: { type: 'safety_rule', id: rule.id },
        details: { kind: rule.kind, value: rule.value, ruleAction: rule.action },
      });
      return reply.code(201).send({ rule: presentRule(rule) });
    },
  );

  app.delete(
    '/api/admin/safety/rules/:id',
    { config: staff, schema: { params: idParams } },
    async (request) => {
      const gone = await contentRules.remove(request.params.id);
      await audit.record(auditContextOf(request), {
        action: 'safety.rule_delete',
        target: { type: 'safety_rule', id: gone.id },
        details: { kind: gone.kind, value: gone.value, ruleAction: gone.action },
      });
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/safety/rules/import',
    { config: staff, bodyLimit: IMPORT_BODY_LIMIT, schema: { body: safetyImportBodySchema } },
    async (request) => {
      const result = await contentRules.import(request.body);
      const { kind, action, mode } = request.body;
      await audit.record(auditContextOf(request), {
        action: 'safety.rules_import',
        target: { type: 'site', id: 'safety' },
        details: { kind, ruleAction: action, mode, added: result.added, removed: result.removed },
      });
      return result;
    },
  );

  app.post(
    '/api/admin/safety/rules/test',
    { config: staff, schema: { body: safetyRuleTestBodySchema } },
    async (request) => {
      const r = await safety.testRule(request.body);
      return {
        checked: r.checked,
        matches: r.matches.map((m) => ({
          id: m.id,
          title: m.title,
          createdAt: new Date(m.createdAt).toISOString(),
        })),
      };
    },
  );

  app.get('/api/admin/safety/held', { config: staff }, async () => ({
    pastes: (await safety.held()).map(presentHeld),
  }));

  app.post(
    '/api/admin/safety/held/decide',
    { config: staff, schema: { body: heldDecisionBodySchema } },
    async (request) => {
      const { ids, decision } = request.body;
      const decided = await safety.decide(ids, decision);
      for (const id of decided) {
        await audit.record(auditContextOf(request), {
          action: decision === 'approve' ? 'paste.approve' : 'paste.delete',
          target: { type: 'paste', id },
          details: { from: 'held' },
        });
      }
      return { decided };
    },
  );

  app.get('/api/admin/safety/stats', { config: staff }, async () =>
    presentStats({
      ...(await safety.stats()),
      reportDecisions: await moderation.reportDecisionTime(STATS_DAYS),
    }),
  );
};
