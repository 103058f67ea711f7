import { LogIn, Plus, UserPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { loginPath, paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';
import { HeaderSearch } from '../../features/search';
import { cn } from '../../lib/cn';
import { Brand } from './brand';
import { mainLinks } from './nav-links';
import { SideDrawer } from './side-drawer';
import { ThemeToggle } from './theme-toggle';
import { VipLink } from './vip-link';

// Visitors never open the user menu: its dropdown code is fetched only for signed-in users.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

export function Header() {
  const { data: user, isPending } = useUser();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/80 backdrop-blur-lg">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-3 px-4 sm:px-6">
        <SideDrawer user={user ?? null} />
        <Brand />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {mainLinks.slice(1).map(({ to, label }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
                  isActive && 'text-foreground',
                )
              }
            >
              {label}
            </NavLink>
          ))}
          <VipLink className="ml-1" />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <HeaderSearch />
          {pathname === paths.home ? null : (
            <Button asChild variant="outline" size="sm" className="hidden md:inline-flex">
              <Link to={paths.home}>
                <Plus aria-hidden />
                New paste
              </Link>
            </Button>
          )}
          <span className="hidden sm:inline-flex">
            <ThemeToggle />
          </span>
          {isPending ? null : user ? (
            <Suspense fallback={<UserMenuPlaceholder name={user.username} />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to={loginPath(pathname)}>
                  <LogIn aria-hidden />
                  Login
                </Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.register}>
                  <UserPlus aria-hidden />
                  Register
                </Link>
              </Button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

/** Same footprint as the menu's trigger while its code arrives, so the header does not shift. */
function UserMenuPlaceholder({ name }: { name: string }) {
  return (
    <span className="flex items-center gap-2 rounded-lg border border-border px-2 py-1.5 text-sm font-medium">
      <span
        aria-hidden
        className="grid size-7 place-items-center rounded-full bg-primary/20 text-xs font-bold text-primary uppercase"
      >
        {name.slice(0, 1)}
      </span>
      <span className="hidden max-w-32 truncate sm:inline">{name}</span>
    </span>
  );
}
