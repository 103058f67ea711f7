import { z } from 'zod';
import { PASTE_TAGS_MAX, TAG_PATTERN } from '../constants.js';
import { TAG_MESSAGES } from '../messages.js';

/** One tag (see TAG_PATTERN): as a list filter, or one of a paste's. */
export const tagSchema = z.string().max(100, TAG_MESSAGES.invalid).regex(TAG_PATTERN, TAG_MESSAGES.invalid);

/** A paste's tags: at most PASTE_TAGS_MAX (a repeated tag counts once). */
export const tagsField = z
  .array(tagSchema)
  .max(PASTE_TAGS_MAX * 2, TAG_MESSAGES.tooMany)
  .transform((tags) => [...new Set(tags)])
  .refine((tags) => tags.length <= PASTE_TAGS_MAX, TAG_MESSAGES.tooMany);
