import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';

const REDACTED = '[redacted]';

/** Path segments that are secrets themselves: the prefix stays, the token goes. */
const TOKEN_PATHS = [/^(\/api\/verify-email\/)[^/?]+/];

/**
 * The URL as it may appear in the log. Query strings carry secrets (`?access=` grants,
 * `/reset-password?token=`, `?code=`), so every value is dropped and only the names stay; token
 * path segments (`/api/verify-email/<token>`) likewise.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of TOKEN_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return path;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${path}?${names.join('&')}`;
}

/** Fastify's default request fields, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** The pino options of the app. */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: LogStream) {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers["x-api-key"]'],
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
