import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isVisitorScreen } from '../../../../common/client-routes';
import { loginPath } from '../../../config/paths';
import { usePublicSettings } from '../../settings/api/get-public-settings';
import { useUser } from '../api/get-user';

/**
 * A members-only site (sign-in required to read): a visitor who reaches a screen inside the app —
 * after signing out, say — goes to sign in, as the server sends one that loads a page. Nothing
 * waits for the session: until it is known, the screen renders and its own reads are refused.
 */
export function MembersGate({ children }: { children: ReactNode }) {
  const settings = usePublicSettings();
  const user = useUser();
  const { pathname, search } = useLocation();
  if (settings.data?.requireSignInToRead && user.isSuccess && !user.data && !isVisitorScreen(pathname)) {
    return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  }
  return children;
}
