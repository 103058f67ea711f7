/** Error codes used in every non-2xx body: `{ "error": code, "message": text }`. */
export const ERROR_CODES = {
  VALIDATION: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_API_KEY: 401,
  MEMBERS_ONLY: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  TOKEN_SCOPE: 403,
  EMAIL_NOT_VERIFIED: 403,
  /** The action needs a fresh second-factor check: send `secondFactorCode` with it. */
  SECOND_FACTOR_REQUIRED: 403,
  /** The account's role requires a second factor it has not set up yet. */
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
  CAPTCHA_FAILED: 400,
  NOT_FOUND: 404,
  BURNED: 410,
  CONFLICT: 409,
  SECRETS_DETECTED: 409,
  SETUP_REQUIRED: 409,
  SETUP_COMPLETED: 409,
  PAYLOAD_TOO_LARGE: 413,
  RANGE_NOT_SATISFIABLE: 416,
  UPLOAD_FAILED: 422,
  CONTENT_REFUSED: 422,
  UNDER_REVIEW: 403,
  MALWARE_BLOCKED: 403,
  BANNED: 403,
  ACCOUNT_SUSPENDED: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** oEmbed asked in a format other than JSON (the oEmbed spec's answer). */
  NOT_IMPLEMENTED: 501,
  MAIL_FAILED: 502,
  /** The image proxy's upstream host did not answer with the image. */
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  /** The request's id in the server's logs: what to quote when reporting an error. */
  requestId: string;
  /** BURNED: when the paste was read (ISO time), told only to its creator. */
  burnedAt?: string;
  /** SECRETS_DETECTED: what looked like credentials, and where. */
  secretsFound?: { kind: string; line: number }[];
}
