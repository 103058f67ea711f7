import { lazy } from 'react';

/**
 * What other features may use of identity: the admin's sign-in settings, loaded only when the
 * settings tab shows them (the admin panel's chunk stays as it was).
 */
export const IdentitySettings = lazy(() =>
  import('./components/identity-settings').then((m) => ({ default: m.IdentitySettings })),
);
