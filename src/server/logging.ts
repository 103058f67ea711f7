import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import type { Logger } from 'pino';
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
    redact: ['req.headers.cookie', 'req.headers["x-api-key"]', 'req.headers.authorization'],
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LogLevel = (typeof LEVELS)[number];
type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * The logger Fastify gives each request (bound to its id), made only when something logs at a
 * level the app's logger has on. Making a pino child serialises its bindings at once — about 3 %
 * of a cached read's CPU (bench/README.md) — and at the usual levels most requests log nothing.
 */
class RequestLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings);
    return this.#made;
  }

  write(level: LogLevel, args: LogArgs): void {
    if (!this.#parent.isLevelEnabled(level)) return;
    (this.#logger()[level] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return this.#made?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

// One method per level (`log.warn(…)`), each a write at that level.
for (const level of LEVELS) {
  (RequestLogger.prototype as unknown as Record<LogLevel, unknown>)[level] = function (
    this: RequestLogger,
    ...args: LogArgs
  ) {
    this.write(level, args);
  };
}

/**
 * Fastify's `childLoggerFactory` (the app's logger is pino: loggerOptions): a lazy request logger,
 * or pino's own child when the route sets options of its own (a log level), which the lazy one
 * would not know to apply.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (hasAny(options)) return logger.child(bindings, options);
  return new RequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger;
}

function hasAny(options: object): boolean {
  for (const _ in options) return true;
  return false;
}
