import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canModerate } from '../../../common/policies.js';
import type { AuditAction } from '../../../common/schemas/audit.js';
import {
  addPasskeyBodySchema,
  passkeyAssertionBodySchema,
  passkeyParams,
  renamePasskeyBodySchema,
} from '../../../common/schemas/passkeys.js';
import { stepUpBodySchema } from '../../../common/schemas/second-factor.js';
import { auditContextOf } from '../audit/audit-context.js';
import { presentPasskey } from './passkeys.presenter.js';

/**
 * Account → Security: a person's passkeys. Session-only (an API key manages no credential).
 * Adding one to an account that already has a second factor, and removing one, need a fresh check
 * of it, like every other change to the ways into an account; an account whose role requires a
 * second factor may add one as its enrolment.
 */
export const passkeyAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passkeys, sessions } = app.services;
  const signedIn = { access: 'signed-in' } as const;
  const enrolling = { ...signedIn, duringEnrolment: true, freshSecondFactor: true } as const;

  /** A staff account's passkeys are in the audit log, as its sign-ins and factor resets are. */
  async function auditStaff(request: FastifyRequest, action: AuditAction, name: string) {
    const user = request.user!;
    if (!canModerate(user.role)) return;
    await app.services.audit.record(auditContextOf(request), {
      action,
      target: { type: 'user', id: user.id },
      details: { username: user.username, passkey: name },
    });
  }

  app.get(
    '/api/account/passkeys',
    { config: { ...signedIn, duringEnrolment: true } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { passkeys: (await passkeys.list(request.user!.id)).map(presentPasskey) };
    },
  );

  app.post(
    '/api/account/passkeys/registration-options',
    { config: enrolling, schema: { body: stepUpBodySchema } },
    (request) => passkeys.registrationOptions(request.user!, request.ip),
  );

  app.post(
    '/api/account/passkeys',
    { config: enrolling, schema: { body: addPasskeyBodySchema } },
    async (request, reply) => {
      const row = await passkeys.register(request.user!.id, request.body.name, request.body.response);
      // The authenticator was just used: the next sensitive action needs no second check.
      if (request.sessionIdHash) await sessions.markSecondFactor(request.sessionIdHash);
      await auditStaff(request, 'user.passkey_add', row.name);
      return reply.code(201).send({ passkey: presentPasskey(row) });
    },
  );

  app.patch(
    '/api/account/passkeys/:id',
    { config: signedIn, schema: { params: passkeyParams, body: renamePasskeyBodySchema } },
    async (request) => ({
      passkey: presentPasskey(await passkeys.rename(request.user!.id, request.params.id, request.body.name)),
    }),
  );

  app.delete(
    '/api/account/passkeys/:id',
    {
      config: { ...signedIn, freshSecondFactor: true },
      schema: { params: passkeyParams, body: stepUpBodySchema },
    },
    async (request) => {
      const gone = await passkeys.remove(request.user!.id, request.params.id);
      await auditStaff(request, 'user.passkey_remove', gone.name);
      return { success: true as const };
    },
  );

  // A fresh second-factor check by passkey, for the actions that need one (the web's step-up).
  app.post(
    '/api/account/passkeys/step-up-options',
    { config: signedIn, schema: { body: z.unknown() } },
    (request) => passkeys.authenticationOptions('step-up', request.user!.id, request.ip),
  );

  app.post(
    '/api/account/passkeys/step-up',
    { config: signedIn, schema: { body: passkeyAssertionBodySchema } },
    async (request) => {
      await passkeys.verifyAssertion(request.body.response, 'step-up', request.user!.id, request.ip);
      if (request.sessionIdHash) await sessions.markSecondFactor(request.sessionIdHash);
      return { success: true as const };
    },
  );
};
