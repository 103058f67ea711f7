import { z } from 'zod';

// The field types the backup's row schemas share (backup-*-rows.ts).

export const id = z.number().int().positive();
export const time = z.number().int().min(0);
export const flag = z.union([z.literal(0), z.literal(1)]);
export const text = (max: number) => z.string().max(max);
export const status = z.enum(['pending', 'approved', 'rejected']);
export const pasteId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
export const digest = z.string().regex(/^[0-9a-f]{64}$/);
export const collectionId = z.string().regex(/^[A-Za-z0-9_-]{1,16}$/);
