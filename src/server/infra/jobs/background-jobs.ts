import type { FastifyInstance } from 'fastify';
import { deleteExpiredEmailTokens } from '../../modules/auth/email-tokens.repository.js';
import { deleteExpiredSessions } from '../../modules/auth/sessions.repository.js';
import { sweepDeadPastes } from '../../modules/pastes/pastes.sweeper.js';
import type { Services } from '../../services.js';
import { createScheduler } from './scheduler.js';

/** The periodic clean-ups every instance runs; each is safe to run on several instances at once. */
export function startBackgroundJobs(app: FastifyInstance, services: Services, intervalMs: number): void {
  const { db, blobs, clock } = services;
  const scheduler = createScheduler(app.log);
  scheduler.every('sweep-pastes', intervalMs, () => sweepDeadPastes({ db: db.kysely, blobs, clock }));
  scheduler.every('sweep-sessions', intervalMs, () => deleteExpiredSessions(db.kysely, clock.now()));
  scheduler.every('sweep-email-tokens', intervalMs, () => deleteExpiredEmailTokens(db.kysely, clock.now()));
  app.addHook('onClose', () => scheduler.stop());
}
