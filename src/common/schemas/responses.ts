import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';
import { ACCESS_TOKEN_RESPONSES } from './access-tokens.js';
import { ACCOUNT_RESPONSES } from './account-responses.js';
import { ADMIN_RESPONSES } from './admin-responses.js';
import { COLLECTION_RESPONSES } from './collections.js';
import { oembedResponseSchema } from './embeds.js';
import { IMAGE_PROXY_RESPONSES } from './image-proxy.js';
import { PASSKEY_RESPONSES } from './passkeys.js';
import { PASTE_BYTES, PASTE_RESPONSES } from './paste-responses.js';
import { isoTime, type NotJson, secretFindingSchema } from './response-parts.js';
import { SEARCH_RESPONSES } from './search.js';
import { TEAM_RESPONSES } from './teams.js';

/**
 * What every API route answers, per status code: one zod schema per answer, from which the server
 * documents its routes (/api/openapi.json), the tests check every answer they receive (see
 * plugins/response-schemas.ts), and the web infers its types. A route's refusals all share
 * errorBodySchema. Keys are `METHOD url` as the routes declare them.
 */
// The schemas live by domain; their names stay importable from here.
export * from './account-responses.js';
export * from './paste-responses.js';
export { NotJson } from './response-parts.js';

export const errorBodySchema = z.strictObject({
  error: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
  message: z.string(),
  /** The id of the request's log lines. */
  requestId: z.string(),
  /** BURNED (410, to the creator only): when the paste was read. */
  burnedAt: isoTime.optional(),
  /** SECRETS_DETECTED (409, a create that asked for checkSecrets). */
  secretsFound: z.array(secretFindingSchema).optional(),
});
const healthSchema = z.strictObject({
  ok: z.literal(true),
  database: z.enum(['sqlite', 'postgres']).optional(),
});

export const RESPONSES = {
  ...ACCOUNT_RESPONSES,
  ...PASTE_RESPONSES,
  ...ADMIN_RESPONSES,
  ...TEAM_RESPONSES,
  ...ACCESS_TOKEN_RESPONSES,
  ...SEARCH_RESPONSES,
  ...PASSKEY_RESPONSES,
  'GET /api/oembed': { 200: oembedResponseSchema },
  ...COLLECTION_RESPONSES,
  ...IMAGE_PROXY_RESPONSES,
} as const satisfies Record<string, Record<number, z.ZodType | NotJson>>;

/** Routes outside /api, documented and checked like the API's. */
export const OTHER_RESPONSES = {
  'GET /raw/:id': { 200: PASTE_BYTES, 206: PASTE_BYTES },
  'GET /healthz': { 200: healthSchema },
  'GET /readyz': { 200: healthSchema },
} as const satisfies Record<string, Record<number, z.ZodType | NotJson>>;

export type RouteKey = keyof typeof RESPONSES;
/** The JSON a route answers with `status` (200 unless given). */
export type ResponseOf<
  K extends RouteKey,
  S extends keyof (typeof RESPONSES)[K] = 200 extends keyof (typeof RESPONSES)[K]
    ? 200
    : keyof (typeof RESPONSES)[K],
> = (typeof RESPONSES)[K][S] extends z.ZodType ? z.infer<(typeof RESPONSES)[K][S]> : never;
