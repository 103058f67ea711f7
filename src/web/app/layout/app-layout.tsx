import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { dismissErrorToasts } from '../../components/ui/toast-store';
import { Footer } from './footer';
import { Header } from './header';

export function AppLayout() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // A new page: errors about the previous one are stale (see dismissErrorToasts).
    if (first.current) first.current = false;
    else if (pathname) dismissErrorToasts();
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
