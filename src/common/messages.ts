/**
 * User-facing messages from the spec, shared so server answers and form errors never disagree.
 * Each domain's are in messages/; they are all named from here.
 */
export * from './messages/accounts.js';
export * from './messages/moderation.js';
export * from './messages/pastes.js';
export * from './messages/teams.js';

export const GENERIC_MESSAGES = {
  notFound: 'Not found',
  unauthorized: 'You need to be logged in',
  forbidden: 'You do not have permission to do this',
  csrf: 'Cross-site request refused',
  tooManyRequests: 'Too many attempts. Please try again later.',
  tooManyPastes: 'Too many pastes created. Please wait a minute and try again.',
  tooManyEdits: 'Too many edits. Please wait a minute and try again.',
  tooManyUploads: 'Too many unfinished uploads. Finish or cancel one before starting another.',
  tooManyAccounts: 'Too many accounts created from this network. Please try again later.',
  internal: 'Something went wrong on our side',
  unsupportedMediaType: 'Content-Type must be application/json',
  bodyTooLarge: 'Request body is too large',
  malformedMultipart: 'Malformed multipart/form-data body',
  invalidJson: 'Request body is not valid JSON',
  notUtf8: 'Request body is not valid UTF-8',
  jsonTooDeep: 'Request body is nested too deeply',
  jsonTooManyValues: 'Request body has too many values',
  illFormedText: 'Text must be valid Unicode: it contains a lone surrogate (such as \\ud800)',
  unavailable: 'Service temporarily unavailable',
} as const;
