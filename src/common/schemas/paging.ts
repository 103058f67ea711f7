import { z } from 'zod';

/**
 * The pieces every paged list shares (my pastes, the v1 list, admin lists): a 1-based page, a
 * page size with its own default and bound per list, and an optional search text.
 */
export const PAGE_MAX = 100_000;
export const SEARCH_MAX_LENGTH = 100;

export const pageParam = z.coerce.number().int().min(1).max(PAGE_MAX).default(1);
export const searchParam = z.string().max(SEARCH_MAX_LENGTH).default('');
export const pageSizeParam = (byDefault: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(byDefault);

/** Path parameter `:id` of any route; what an id must look like is the owning service's rule. */
export const idParams = z.object({ id: z.string() });

/** How many pages `total` items fill, never fewer than one (an empty list is page 1 of 1). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
