import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { SecretWarningDialog } from './secret-warning-dialog';

const Loaded = lazy(() =>
  import('./secret-warning-dialog').then((m) => ({ default: m.SecretWarningDialog })),
);

/**
 * The secret warning, fetched the first time it opens and kept mounted afterwards (so its closing
 * focus return still runs): most authors never see it, and Radix's dialog stays out of the first load.
 */
export function LazySecretWarningDialog(props: ComponentProps<typeof SecretWarningDialog>) {
  const [needed, setNeeded] = useState(false);
  if (props.findings !== null && !needed) setNeeded(true);
  if (!needed && props.findings === null) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
