import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '../common/errors.js';
import { GENERIC_MESSAGES } from '../common/messages.js';

/** The one error type services throw; the handler turns it into `{ error, message }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields of the answer's body (see ErrorBody). */
    readonly extra: Pick<ErrorBody, 'burnedAt' | 'secretsFound'> = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export const notFound = (message: string = GENERIC_MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string) => new AppError('VALIDATION', message);
export const forbidden = (message: string = GENERIC_MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
export const unauthorized = (message: string = GENERIC_MESSAGES.unauthorized) =>
  new AppError('UNAUTHORIZED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Every refusal names its request: the id of the request's log lines, so a user's report of an
 * error can be matched to what the server logged.
 */
function send(
  reply: FastifyReply,
  status: number,
  body: Omit<ErrorBody, 'requestId'>,
  headers: Record<string, string> = {},
) {
  const answer: ErrorBody = { ...body, requestId: String(reply.request.id) };
  reply.headers(headers).code(status).type('application/json; charset=utf-8').send(answer);
}

/** Fastify's own errors (body parser, limits) mapped to our codes and plain messages. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: GENERIC_MESSAGES.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: GENERIC_MESSAGES.bodyTooLarge },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: GENERIC_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: GENERIC_MESSAGES.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION', message: 'Invalid Content-Length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: GENERIC_MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: GENERIC_MESSAGES.invalidJson },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Content-Type must be multipart/form-data',
  },
};

function fieldMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field =
      first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || first?.params?.issue?.toString();
    const msg = first?.message ?? 'Invalid value';
    return field ? `${field}: ${msg}` : msg;
  }
  return error.message;
}

/** A schema parsed inside a handler (not by the route's schema) fails like a route schema: 400. */
function zodMessage(error: ZodError): string {
  const first = error.issues[0];
  const field = first?.path.join('.');
  const msg = first?.message ?? 'Invalid value';
  return field ? `${field}: ${msg}` : msg;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(
        reply,
        error.status,
        { error: error.code, message: error.message, ...error.extra },
        error.headers,
      );
    }
    if (error instanceof ZodError) {
      return send(reply, 400, { error: 'VALIDATION', message: zodMessage(error) });
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      return send(reply, 400, { error: 'VALIDATION', message: fieldMessage(fe) });
    }
    const known = fe.code ? FASTIFY_ERRORS[fe.code] : undefined;
    if (known) return send(reply, ERROR_CODES[known.code], { error: known.code, message: known.message });
    if (fe.statusCode === 429) {
      return send(reply, 429, { error: 'RATE_LIMITED', message: GENERIC_MESSAGES.tooManyRequests });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Other client errors from plugins: keep the status, give a plain message.
      const code: ErrorCode =
        fe.statusCode === 413
          ? 'PAYLOAD_TOO_LARGE'
          : fe.statusCode === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : 'VALIDATION';
      return send(reply, fe.statusCode, { error: code, message: fe.message });
    }
    if (isMalformedMultipart(error)) {
      return send(reply, 400, { error: 'VALIDATION', message: GENERIC_MESSAGES.malformedMultipart });
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(
        reply,
        503,
        { error: 'UNAVAILABLE', message: GENERIC_MESSAGES.unavailable },
        { 'Retry-After': '5' },
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { error: 'INTERNAL', message: GENERIC_MESSAGES.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    send(reply, 404, {
      error: 'NOT_FOUND',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}

/**
 * The multipart parser (busboy) throws plain Errors for a body that is not the form it claims to
 * be: no boundary in the Content-Type, or the body ends before its closing boundary.
 */
function isMalformedMultipart(error: unknown): boolean {
  const message = (error as Error)?.message ?? '';
  return /^Multipart: Boundary not found$|unexpected end of multipart data$/i.test(message);
}

/** Connection-level failures of either driver: answered 503 so clients retry, not 500. */
function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      '57P01',
      '57P03',
      '08006',
      '08001',
      '08003',
      'SQLITE_BUSY',
    ].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test((error as Error)?.message ?? '')
  );
}
