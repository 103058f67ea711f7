import { z } from 'zod';
import {
  ACCESS_TOKEN_EXPIRY_MAX_DAYS,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  ACCESS_TOKENS_PER_USER_MAX,
  TOKEN_SCOPES,
  type TokenScope,
} from '../constants.js';
import { secondFactorCodeField } from './second-factor.js';

/** Personal access tokens (Account → Access tokens; /api/account/tokens). */
export const ACCESS_TOKEN_MESSAGES = {
  nameRequired: 'Please give the token a name',
  nameTooLong: `A token name must not exceed ${ACCESS_TOKEN_NAME_MAX_LENGTH} characters`,
  scopesRequired: 'Choose at least one scope',
  expiryInvalid: `A token expires after 1 to ${ACCESS_TOKEN_EXPIRY_MAX_DAYS} days, or never`,
  adminScopeStaffOnly: 'Only managers and admins can give a token the admin scope',
  tooMany: `You can have at most ${ACCESS_TOKENS_PER_USER_MAX} access tokens: revoke one first`,
  disabled: 'Access tokens are disabled on this site',
  invalid: 'Invalid, expired or revoked access token',
  notFound: 'Access token not found',
  keyOnly:
    'Access tokens cannot make this request: it needs the account’s API key (pb_…) or a signed-in session',
} as const;

/** What each scope allows, in the words the Account page shows beside it. */
export const TOKEN_SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  'pastes:read': 'List your pastes and read them through the API (v1), and what is shared with you',
  'pastes:write': 'Create, edit, upload and share pastes, and ask for their deletion',
  'account:read': 'Read your account (who the token belongs to) and your teams',
  admin: 'Delete any paste as an admin does (managers and admins only)',
};

/** Why a token was refused on a route outside its scopes (403 TOKEN_SCOPE). */
export const outOfScopeMessage = (scope: TokenScope): string =>
  `This access token lacks the ${scope} scope this request needs`;

export const createAccessTokenBodySchema = z.strictObject({
  /** Needed when the account has a second factor and its session's check is not fresh. */
  secondFactorCode: secondFactorCodeField,
  name: z
    .string(ACCESS_TOKEN_MESSAGES.nameRequired)
    .trim()
    .min(1, ACCESS_TOKEN_MESSAGES.nameRequired)
    .max(ACCESS_TOKEN_NAME_MAX_LENGTH, ACCESS_TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(TOKEN_SCOPES), ACCESS_TOKEN_MESSAGES.scopesRequired)
    .min(1, ACCESS_TOKEN_MESSAGES.scopesRequired)
    .max(TOKEN_SCOPES.length)
    .transform((scopes) => TOKEN_SCOPES.filter((s) => scopes.includes(s))),
  /** Days until it stops working; null or absent: until revoked. */
  expiresInDays: z
    .number(ACCESS_TOKEN_MESSAGES.expiryInvalid)
    .int(ACCESS_TOKEN_MESSAGES.expiryInvalid)
    .min(1, ACCESS_TOKEN_MESSAGES.expiryInvalid)
    .max(ACCESS_TOKEN_EXPIRY_MAX_DAYS, ACCESS_TOKEN_MESSAGES.expiryInvalid)
    .nullable()
    .optional(),
});
export type CreateAccessTokenBody = z.input<typeof createAccessTokenBodySchema>;
export type CreateAccessTokenInput = z.output<typeof createAccessTokenBodySchema>;

export const accessTokenParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const isoTime = z.iso.datetime();

/** A token as its owner sees it: never the token itself, only its last characters. */
export const accessTokenSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  /** `pst_…` and the token's last four characters. */
  hint: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: isoTime,
  expiresAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable(),
  expired: z.boolean(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = z.strictObject({
  tokens: z.array(accessTokenSchema),
  /** The switch in Settings → Security: off, no token is accepted (or created). */
  enabled: z.boolean(),
});
export type AccessTokenList = z.infer<typeof accessTokenListSchema>;

/** The answer to a create: the token itself, shown this once. */
export const createdAccessTokenSchema = z.strictObject({
  token: z.string(),
  accessToken: accessTokenSchema,
});
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const ACCESS_TOKEN_RESPONSES = {
  'GET /api/account/tokens': { 200: accessTokenListSchema },
  'POST /api/account/tokens': { 201: createdAccessTokenSchema },
  'DELETE /api/account/tokens/:id': { 200: z.strictObject({ success: z.literal(true) }) },
} as const;
