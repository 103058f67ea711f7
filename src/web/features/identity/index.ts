import { lazy } from 'react';

/**
 * What other features may use of identity: the admin's sign-in settings, loaded only when the
 * settings tab shows them (the admin panel's chunk stays as it was), and the code prompt of the
 * actions that need a fresh second-factor check. (The enrolment step a role may require is loaded
 * by the app's layout straight from its file, to keep this index out of the first load.)
 */
export const IdentitySettings = lazy(() =>
  import('./components/identity-settings').then((m) => ({ default: m.IdentitySettings })),
);

export { useStepUp } from './components/step-up';
export { cancelled, passkeysSupported } from './lib/webauthn';
