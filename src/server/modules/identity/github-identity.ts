import * as oidc from 'openid-client';
import { z } from 'zod';
import type { ExternalIdentity } from './external-identity.js';

/**
 * Who signed in with GitHub, which is OAuth 2 without OpenID Connect: its `/user` answer (the
 * numeric id is the subject: a login can be renamed) and `/user/emails` (only an address GitHub
 * marks primary and verified counts as verified). GitHub has no groups to map.
 */
const userSchema = z.looseObject({ id: z.number().int(), login: z.string().min(1).max(100) });
const emailsSchema = z.array(
  z.looseObject({ email: z.string().max(320), primary: z.boolean(), verified: z.boolean() }),
);

export async function githubIdentity(
  config: oidc.Configuration,
  accessToken: string,
  apiUrl: string,
): Promise<ExternalIdentity> {
  async function get(path: string): Promise<unknown> {
    const headers = new Headers({ accept: 'application/vnd.github+json', 'user-agent': 'pasteshare' });
    const res = await oidc.fetchProtectedResource(
      config,
      accessToken,
      new URL(`${apiUrl}${path}`),
      'GET',
      null,
      headers,
    );
    // The answer is the cause: a 5xx counts as GitHub being down, anything else as a refusal.
    if (!res.ok) throw new Error(`GitHub answered ${res.status} to ${path}`, { cause: res });
    return res.json();
  }
  const user = userSchema.parse(await get('/user'));
  const primary = emailsSchema.parse(await get('/user/emails')).find((e) => e.primary && e.verified);
  return {
    subject: String(user.id),
    username: user.login,
    email: primary?.email.toLowerCase() ?? null,
    emailVerified: primary !== undefined,
    groups: [],
    linkedAs: user.login,
  };
}
