import type { IdentityProviderView } from '../../../common/schemas/identity.js';
import type { ProviderConfig } from './provider-directory.js';

/** A provider for the admin's eyes: every field but its secret, and whether one is set. */
export function presentProviderForAdmin(p: ProviderConfig): IdentityProviderView {
  if (p.kind === 'ldap') {
    const { bindPassword, ...rest } = p;
    return { ...rest, bindPasswordSet: bindPassword !== '' };
  }
  const { clientSecret, ...rest } = p;
  return { ...rest, clientSecretSet: clientSecret !== '' };
}
