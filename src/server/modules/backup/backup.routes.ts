import { Transform } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../../common/schemas/paging.js';
import { AppError, notFound } from '../../errors.js';
import { auditContextOf } from '../audit/audit-context.js';

/** A backup holds every paste: its bound is far above one paste's, and still a bound. */
const IMPORT_MAX_BYTES = 64 * 1024 ** 3;

/**
 * GET /api/admin/database/export streams the backup as a download; POST …/import reads the
 * document as a stream (this scope's JSON parser hands over the raw body instead of parsing it).
 */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  const { backup, scheduledBackups } = app.services;

  /** Backups the schedule wrote (BACKUP_INTERVAL_HOURS), newest first. */
  app.get('/api/admin/backups', { config: { access: 'admin' } }, async () => ({
    backups: await scheduledBackups.list(),
  }));
  app.get(
    '/api/admin/backups/:id/download',
    { config: { access: 'admin' }, schema: { params: idParams } },
    async (request, reply) => {
      const raw = (request.params as { id: string }).id;
      const found = /^[1-9]\d{0,15}$/.test(raw) ? await scheduledBackups.open(Number(raw)) : null;
      if (!found) throw notFound('Backup not found');
      await app.services.audit.record(auditContextOf(request), {
        action: 'database.export',
        target: { type: 'site', id: 'database' },
        details: { scheduledBackup: found.fileName },
      });
      reply
        .type('application/json; charset=utf-8')
        .header('Content-Length', found.size)
        .header('Content-Disposition', `attachment; filename="${found.fileName}"`)
        .header('Cache-Control', 'no-store');
      return reply.send(found.stream);
    },
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));

  app.get('/api/admin/database/export', { config: { access: 'admin' } }, async (request, reply) => {
    await app.services.audit.record(auditContextOf(request), {
      action: 'database.export',
      target: { type: 'site', id: 'database' },
    });
    const date = new Date().toISOString().slice(0, 10);
    reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="pasteshare-backup-${date}.json"`)
      .header('Cache-Control', 'no-store');
    return reply.send(backup.exportStream());
  });

  app.post(
    '/api/admin/database/import',
    { config: { access: 'admin' }, bodyLimit: IMPORT_MAX_BYTES },
    async (request) => {
      let seen = 0;
      const limited = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          seen += chunk.length;
          if (seen > IMPORT_MAX_BYTES)
            callback(new AppError('PAYLOAD_TOO_LARGE', 'Backup file is too large'));
          else callback(null, chunk);
        },
      });
      if (!request.body) throw new AppError('INVALID_JSON', 'Send the backup file as the request body');
      const body = request.body as NodeJS.ReadableStream;
      body.pipe(limited);
      try {
        const counts = await backup.import(limited);
        // The log itself is no part of a backup: it stays, and says what replaced the data.
        await app.services.audit.record(auditContextOf(request), {
          action: 'database.import',
          target: { type: 'site', id: 'database' },
          details: { ...counts },
        });
        return { success: true as const, counts };
      } catch (e) {
        // Refused mid-file: stop feeding the parser, so the rest of the body can be read and
        // discarded before the answer (see plugins/refused-body-drain.ts).
        body.unpipe(limited);
        limited.destroy();
        throw e;
      }
    },
  );
};
