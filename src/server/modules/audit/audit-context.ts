import type { FastifyRequest } from 'fastify';
import type { AuditContext } from './audit.service.js';

/** The audit context of a request a signed-in staff member made (the routes' access checked that). */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const user = request.user!;
  return { actor: { id: user.id, username: user.username }, requestId: String(request.id), ip: request.ip };
}
