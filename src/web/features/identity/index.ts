import { lazy } from 'react';

/**
 * What other features may use of identity: the admin's sign-in settings, loaded only when the
 * settings tab shows them (the admin panel's chunk stays as it was), and the code prompt of the
 * actions that need a fresh second-factor check.
 */
export const IdentitySettings = lazy(() =>
  import('./components/identity-settings').then((m) => ({ default: m.IdentitySettings })),
);

/** Shown instead of every page while the account's role requires a second factor it lacks. */
export const EnrolmentRequired = lazy(() =>
  import('./components/enrolment-required').then((m) => ({ default: m.EnrolmentRequired })),
);

export { useStepUp } from './components/step-up';
