import { z } from 'zod';

/**
 * A single-line-ish text field as stored: NUL characters removed (PostgreSQL text cannot hold
 * them, and no title, reason or address needs one). Paste content is not such a field.
 */
export const storedText = (max: number, message?: string) =>
  z
    .string()
    .max(max, message)
    .transform((s) => s.replaceAll('\u0000', ''));
