import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { PageClock } from '../lib/page-clock';
import { AppProvider } from './provider';
import { router } from './router';

/**
 * `renderedAt`: when the server rendered the page this app takes over (main.tsx), kept as the
 * page's clock until the first navigation elsewhere (lib/page-clock.ts).
 */
export function App({
  queryClient,
  renderedAt = null,
}: {
  queryClient: QueryClient;
  renderedAt?: number | null;
}) {
  const [clock, setClock] = useState(renderedAt);
  useEffect(() => {
    if (clock === null) return;
    const first = router.state.location.key;
    return router.subscribe((state) => {
      if (state.location.key !== first) setClock(null);
    });
  }, [clock]);
  return (
    <AppProvider queryClient={queryClient}>
      <PageClock.Provider value={clock}>
        <RouterProvider router={router} />
      </PageClock.Provider>
    </AppProvider>
  );
}
