/**
 * What the About page names as built with. An optional part names the environment variable that
 * turns it on: a test checks the server's configuration accepts it, so the page never promises a
 * part that cannot be configured.
 */
export const TECHNOLOGIES: { name: string; enabledBy?: string }[] = [
  { name: 'React' },
  { name: 'TypeScript' },
  { name: 'Vite' },
  { name: 'TanStack Query' },
  { name: 'Tailwind CSS' },
  { name: 'Radix UI' },
  { name: 'Node.js' },
  { name: 'Fastify' },
  { name: 'Kysely' },
  { name: 'SQLite/PostgreSQL' },
  { name: 'Redis (optional)', enabledBy: 'REDIS_URL' },
  { name: 'S3-compatible storage (optional)', enabledBy: 'S3_BUCKET' },
  { name: 'OpenID Connect and GitHub sign-in (optional)', enabledBy: 'OIDC_PROVIDERS' },
  { name: 'LDAP sign-in (optional)', enabledBy: 'LDAP_PROVIDERS' },
  { name: 'ClamAV malware scanning (optional)', enabledBy: 'CLAMAV_URL' },
];
