/**
 * The kinds of likely credential the secret scan names, and their words. Apart from the scanner so
 * that the answer schemas (loaded by many pages) can name the kinds without sharing a module with it:
 * the scanner stays one lazy chunk, fetched on the first public create.
 */

export const SECRET_KINDS = [
  'private-key',
  'aws-access-key',
  'github-token',
  'gitlab-token',
  'slack-token',
  'stripe-key',
  'npm-token',
  'google-api-key',
  'pasteshare-api-key',
  'jwt',
  'connection-string-password',
  'password-assignment',
] as const;
export type SecretKind = (typeof SECRET_KINDS)[number];

/** What a person reads in the warning for each kind. */
export const SECRET_KIND_LABELS: Record<SecretKind, string> = {
  'private-key': 'Private key',
  'aws-access-key': 'AWS access key',
  'github-token': 'GitHub token',
  'gitlab-token': 'GitLab token',
  'slack-token': 'Slack token',
  'stripe-key': 'Stripe secret key',
  'npm-token': 'npm token',
  'google-api-key': 'Google API key',
  'pasteshare-api-key': 'pasteshare API key',
  jwt: 'JSON Web Token',
  'connection-string-password': 'Password in a connection string',
  'password-assignment': 'Password or secret value',
};
