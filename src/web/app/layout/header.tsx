import { LogIn, UserPlus } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';
import { cn } from '../../lib/cn';
import { Brand } from './brand';
import { mainLinks } from './nav-links';
import { SideDrawer } from './side-drawer';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { VipLink } from './vip-link';

export function Header() {
  const { data: user, isPending } = useUser();
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
          <span className="hidden sm:inline-flex">
            <ThemeToggle />
          </span>
          {isPending ? null : user ? (
            <UserMenu user={user} />
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.login}>
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
