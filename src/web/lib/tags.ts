import { PASTE_TAGS_MAX, TAG_MAX_LENGTH } from '../../common/constants';

/** Tags as typed in a field: separated by commas or spaces, lower-cased, each once. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[\s,]+/)
        .filter((t) => t !== ''),
    ),
  ];
}

/** What a tags field says under it. */
export const TAGS_HINT = `Up to ${PASTE_TAGS_MAX}, separated by commas or spaces: lower-case letters, digits and hyphens (at most ${TAG_MAX_LENGTH} each).`;
