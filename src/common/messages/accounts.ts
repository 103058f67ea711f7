/** User-facing messages: sign-in, registration, second factors and first-run setup. */
export const REGISTER_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  completeCaptcha: 'Please complete the captcha verification',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must not exceed 30 characters',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must not exceed 30 characters',
  usernameCharacters:
    'Username can only contain letters, numbers, underscores, or hyphens (no spaces or special characters)',
  usernameMixedSeparators: 'Username can contain either underscores or hyphens, but not both',
  usernameTaken: 'Username is already taken',
  emailInvalid: 'Please enter a valid email address.',
  emailTaken: 'Email is already registered',
} as const;

export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  missingFields: 'Username and password are required',
  emailNotVerified: 'Please verify your email address before logging in',
} as const;

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app or a recovery code',
  invalidCode: 'That code is not valid. Codes change every 30 seconds and each works once.',
  noChallenge: 'Your sign-in has expired. Please sign in again.',
  alreadyEnrolled: 'Two-factor authentication is already on',
  notEnrolling: 'Start the set-up again: no authenticator is waiting for a code',
  notEnrolled: 'Two-factor authentication is not on',
  stepUpRequired: 'Confirm it is you: enter a code from your authenticator app or a recovery code.',
  enrolmentRequired: 'Your role requires two-factor authentication. Set up an authenticator app to continue.',
  enrolmentRequiredApiKey:
    'Your role requires two-factor authentication: sign in on the site and set it up, then the API key works again.',
} as const;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Give the passkey a name',
  nameTooLong: 'A passkey name can be at most 60 characters',
  noCeremony: 'This passkey request has expired or was already used. Please try again.',
  notVerified: 'The passkey could not be verified',
  unknown: 'This passkey is not registered here',
  notFound: 'Passkey not found',
  tooMany: 'An account can hold at most 20 passkeys: remove one first',
  alreadyRegistered: 'This passkey is already registered',
  noPasskeys: 'This account has no passkey',
  noSiteOrigin: "Passkeys need the site's address (Settings → General → Domain)",
} as const;

export const SETUP_MESSAGES = {
  missingAdmin: 'Please fill in all admin credentials',
  alreadyCompleted: 'Setup has already been completed',
  required: 'Setup required',
  databaseFailed:
    'Could not connect to the database. Check the DATABASE_URL environment variable (leave it unset to use the embedded SQLite database).',
  emailNeedsProvider: 'Email validation needs a provider and a from address',
  domainInvalid:
    "Domain must be the site's address with http:// or https://, like https://paste.example.com (no path)",
  smtpPortNotAllowed: 'Before setup, the SMTP port must be 587, 465 or 25',
} as const;

/** A members-only site (Settings → Security): what a visitor is told instead of an answer. */
export const MEMBERS_ONLY_MESSAGES = {
  readRequired: 'This site is for its members only: sign in to read it',
  createRequired: 'Sign in to create a paste on this site',
} as const;

export const CAPTCHA_MESSAGES = {
  required: 'Please complete the captcha verification',
  failed: 'Captcha verification failed',
} as const;
