import { z } from 'zod';

export const EMBED_MESSAGES = {
  badLines: 'lines must be a line number or a range such as 10-20 (first ≤ last)',
  linesPastEnd: 'The paste has fewer lines than the range asks for',
  badUrl: 'url must be the address of a paste on this site',
  onlyJson: 'Only format=json is offered',
  cannotEmbed: 'This paste cannot be embedded',
} as const;

/** Line numbers an embed may ask for: at most seven digits each (the check is of the shape only). */
const LINES = /^([1-9]\d{0,6})(?:-([1-9]\d{0,6}))?$/;

/** `10` or `10-20`, first ≤ last, as numbers; null for anything else. */
export function parseLineRange(value: string): { first: number; last: number } | null {
  const m = LINES.exec(value);
  if (!m) return null;
  const first = Number(m[1]);
  const last = m[2] === undefined ? first : Number(m[2]);
  return first <= last ? { first, last } : null;
}

export const EMBED_THEMES = ['light', 'dark', 'auto'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** GET /embed/:id (and its script, which passes its own query on to the frame). */
export const embedQuerySchema = z.object({
  theme: z.enum(EMBED_THEMES).default('auto'),
  lines: z
    .string()
    .max(15)
    .refine((v) => parseLineRange(v) !== null, EMBED_MESSAGES.badLines)
    .optional(),
  /** One file of a multi-file paste, by name (default: the first). */
  file: z.string().min(1).max(1000).optional(),
});

const dimension = z.coerce.number().int().min(1).max(10_000);

/** GET /api/oembed (oEmbed 1.0 §2.2): the paste's address, the consumer's limits, the format. */
export const oembedQuerySchema = z.object({
  url: z.string().min(1).max(2000),
  maxwidth: dimension.optional(),
  maxheight: dimension.optional(),
  format: z.string().max(10).default('json'),
});

/** oEmbed 1.0's "rich" answer: the html is an iframe of the paste's embed. */
export const oembedResponseSchema = z.strictObject({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  html: z.string(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type OembedResponse = z.infer<typeof oembedResponseSchema>;
