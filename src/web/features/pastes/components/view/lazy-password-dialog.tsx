import { type ComponentProps, lazy, Suspense } from 'react';
import type { PasswordDialog } from './password-dialog';

const Loaded = lazy(() => import('./password-dialog').then((m) => ({ default: m.PasswordDialog })));

/**
 * The password dialog, fetched when a locked paste first shows it: Radix's dialog is then no part of
 * an open paste's (or the home page's) first load.
 */
export function LazyPasswordDialog(props: ComponentProps<typeof PasswordDialog>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
