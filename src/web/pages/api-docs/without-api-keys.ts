/**
 * What the API page tells a signed-in user when API keys are turned off on the site (the
 * enableApiKeys setting), route by route; a test makes each call with keys off.
 */
export const WITHOUT_API_KEYS = {
  /** Refused: an X-API-Key header is never accepted (401), and no key can be made (403). */
  off: ['GET /api/v1/pastes', 'POST /api/user/regenerate-api-key'],
  /** Still answered for a signed-in session (documented here once API keys are on). */
  stillOn: ['POST /api/pastes/upload/init', 'GET /api/my-pastes', 'POST /api/user/change-password'],
} as const;

const list = (routes: readonly string[]) => routes.join(', ');

export const WITHOUT_API_KEYS_TEXT = `API keys are turned off on this site: no request with an X-API-Key header is accepted and no key can be made (${list(WITHOUT_API_KEYS.off)}). Signed in, you can still use the chunked upload, session and VIP endpoints (${list(WITHOUT_API_KEYS.stillOn)}, …); their documentation shows here while API keys are on.`;
