import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from './logging.js';

function appLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger: logger as unknown as FastifyBaseLogger, lines, child: vi.spyOn(logger, 'child') };
}

describe('requestLogger', () => {
  it('makes the request’s child logger only when a line is written, once, with the request id', () => {
    const { logger, lines, child } = appLogger('warn');
    const log = requestLogger(logger, { reqId: 'req-1' }, {});
    log.info({ req: 'x' }, 'incoming request');
    log.debug('detail');
    expect(lines).toEqual([]);
    expect(child).not.toHaveBeenCalled();

    log.warn({ pasteId: 'abc' }, 'slow read');
    log.error(new Error('boom'), 'failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'req-1', pasteId: 'abc', msg: 'slow read' },
      { level: 50, reqId: 'req-1', msg: 'failed', err: { message: 'boom' } },
    ]);
    expect(log.level).toBe('warn');
  });

  it('gives children that keep the request id', () => {
    const { logger, lines } = appLogger('info');
    requestLogger(logger, { reqId: 'req-2' }, {}).child({ job: 'flush' }).info('done');
    expect(lines).toMatchObject([{ reqId: 'req-2', job: 'flush', msg: 'done' }]);
  });

  it('leaves a route with its own log level to pino', () => {
    const { logger, lines } = appLogger('warn');
    requestLogger(logger, { reqId: 'req-3' }, { level: 'info' }).info('route says info');
    expect(lines).toMatchObject([{ reqId: 'req-3', msg: 'route says info' }]);
  });
});
