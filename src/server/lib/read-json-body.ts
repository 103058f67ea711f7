import type { Readable } from 'node:stream';
import { GENERIC_MESSAGES } from '../../common/messages.js';
import { AppError } from '../errors.js';
import { JsonShapeGuard, type JsonShapeLimits } from './json-shape-guard.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const notUtf8 = () => new AppError('INVALID_JSON', GENERIC_MESSAGES.notUtf8);

const SHAPE_ERRORS = {
  'too-deep': GENERIC_MESSAGES.jsonTooDeep,
  'too-many-values': GENERIC_MESSAGES.jsonTooManyValues,
} as const;

/**
 * Reads a JSON request body as text while it arrives: the byte limit, the structure limits
 * (JsonShapeGuard) and strict UTF-8 are checked chunk by chunk, so a hostile body is refused at
 * the chunk that breaks a rule, and a large one is decoded in small steps instead of one long
 * block of the event loop at the end.
 */
export function readJsonBodyText(
  payload: Readable,
  opts: { limit: number; contentLength?: string; shape?: JsonShapeLimits; tooLargeMessage?: string },
): Promise<string> {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', opts.tooLargeMessage ?? GENERIC_MESSAGES.bodyTooLarge);
  const expected = opts.contentLength === undefined ? Number.NaN : Number(opts.contentLength);
  if (expected > opts.limit) {
    return Promise.reject(tooLarge());
  }
  const guard = new JsonShapeGuard(opts.shape);
  let received = 0;
  // Most bodies are one chunk: decoded at the end by a shared decoder. From the second chunk on,
  // a streaming decoder of this request's own takes over.
  let first: Buffer | null = null;
  let decoder: TextDecoder | null = null;
  const pieces: string[] = [];

  return new Promise((resolve, reject) => {
    const finish = (error: Error | null, text?: string) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      if (error) reject(error);
      else resolve(text!);
    };

    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > opts.limit) {
        return finish(tooLarge());
      }
      const violation = guard.push(chunk);
      if (violation) return finish(new AppError('INVALID_JSON', SHAPE_ERRORS[violation]));
      if (first === null && decoder === null) {
        first = chunk;
        return;
      }
      try {
        if (decoder === null) {
          decoder = new TextDecoder('utf-8', { fatal: true });
          pieces.push(decoder.decode(first!, { stream: true }));
          first = null;
        }
        pieces.push(decoder.decode(chunk, { stream: true }));
      } catch {
        finish(notUtf8());
      }
    }

    function onEnd() {
      if (!Number.isNaN(expected) && received !== expected) {
        return finish(new AppError('VALIDATION', 'Invalid Content-Length'));
      }
      try {
        if (decoder !== null) {
          pieces.push(decoder.decode());
          finish(null, pieces.join(''));
        } else {
          finish(null, first === null ? '' : strictUtf8.decode(first));
        }
      } catch {
        finish(notUtf8());
      }
    }

    function onError(err: Error) {
      finish(Object.assign(err, { statusCode: 400 }));
    }

    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
