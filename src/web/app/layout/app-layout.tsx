import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingBlock } from '../../components/ui/spinner';
import { dismissErrorToasts } from '../../components/ui/toast-store';
import { useUser } from '../../features/auth/api/get-user';
import { ReportNotices } from '../../features/safety/components/report-notices';
import { Footer } from './footer';
import { Header } from './header';

/**
 * The enrolment a role's second-factor requirement asks for, in a chunk of its own: imported here
 * directly, not through the identity feature's index, which would pull its other exports into the
 * first load.
 */
const EnrolmentRequired = lazy(() =>
  import('../../features/identity/components/enrolment-required').then((m) => ({
    default: m.EnrolmentRequired,
  })),
);

export function AppLayout() {
  const { pathname } = useLocation();
  const { data: user } = useUser();
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
        {user?.secondFactorEnrolmentRequired ? (
          // The role requires a second factor: nothing else until it is set up (the server agrees).
          <Suspense fallback={<LoadingBlock />}>
            <EnrolmentRequired />
          </Suspense>
        ) : (
          <>
            <ReportNotices signedIn={Boolean(user)} />
            <Outlet />
          </>
        )}
      </main>
      <Footer />
    </div>
  );
}
