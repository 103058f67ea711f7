import { SIGN_IN_ERRORS, type SignInError, signInErrorMessage } from '../../../../common/schemas/identity';

/**
 * The message for a redirect sign-in that came back with `signInError` (and `provider`) in the
 * page's address, naming the provider as the list calls it; null when there is none.
 */
export function signInProblemOf(
  params: URLSearchParams,
  providers: { id: string; name: string }[],
): string | null {
  const code = params.get('signInError');
  if (!code || !(SIGN_IN_ERRORS as readonly string[]).includes(code)) return null;
  const id = params.get('provider') ?? '';
  const name = providers.find((p) => p.id === id)?.name ?? 'the provider';
  return signInErrorMessage(code as SignInError, name);
}

/** Where a redirect sign-in starts, coming back to `returnTo` (a path of this site). */
export function startPath(id: string, returnTo: string): string {
  const query = returnTo === '/' ? '' : `?${new URLSearchParams({ returnTo })}`;
  return `/api/auth/oidc/${encodeURIComponent(id)}/start${query}`;
}
