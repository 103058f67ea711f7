import { type ComponentProps, lazy, Suspense } from 'react';
import type { ShareDialog } from './share-dialog';

const Loaded = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })));

/**
 * The Share dialog (QR code, embed code), fetched when first opened: the QR encoder and Radix's
 * dialog stay out of the paste page's first load (e2e/first-load.spec.ts).
 */
export function LazyShareDialog(props: ComponentProps<typeof ShareDialog>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
