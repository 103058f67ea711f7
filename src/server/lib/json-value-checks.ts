import { GENERIC_MESSAGES } from '../../common/messages.js';
import { AppError } from '../errors.js';

/**
 * Refuses what JSON.parse accepts but we must not take, found in one walk of the parsed body
 * (its size is bounded by JsonShapeGuard):
 * - ill-formed UTF-16 (a lone surrogate from an escape such as `\ud800`): it has no UTF-8 form,
 *   so its byte size, what a database stores and what is sent back would disagree;
 * - prototype poisoning (`__proto__`, `constructor.prototype`), as secure-json-parse refused it.
 */
export function assertAcceptableJson(value: unknown): void {
  visit(value, '');
}

function visit(value: unknown, path: string): void {
  if (typeof value === 'string') {
    if (!value.isWellFormed()) {
      throw new AppError('VALIDATION', `${path || 'body'}: ${GENERIC_MESSAGES.illFormedText}`);
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) visit(value[i], join(path, String(i)));
    return;
  }
  if (Object.hasOwn(value, '__proto__') || isPoisonedConstructor(value)) {
    throw new AppError('INVALID_JSON', GENERIC_MESSAGES.invalidJson);
  }
  for (const key of Object.keys(value)) {
    if (!key.isWellFormed()) {
      throw new AppError('VALIDATION', `${path || 'body'}: ${GENERIC_MESSAGES.illFormedText}`);
    }
    visit((value as Record<string, unknown>)[key], join(path, key));
  }
}

function isPoisonedConstructor(value: object): boolean {
  if (!Object.hasOwn(value, 'constructor')) return false;
  const ctor = (value as { constructor: unknown }).constructor;
  return typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype');
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
