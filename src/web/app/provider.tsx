import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useToasts } from '../components/ui/toast-store';

const Toaster = lazy(() => import('../components/ui/toast').then((m) => ({ default: m.Toaster })));

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnFirstToast />
    </QueryClientProvider>
  );
}

/**
 * The toast viewport's code (Radix Toast) is fetched with the first toast, not with the first
 * page; once there it stays, so later toasts and their exit animations run as usual.
 */
function ToasterOnFirstToast() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  if (!needed && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
