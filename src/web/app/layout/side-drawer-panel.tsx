import { LogIn, LogOut, Plus, UserPlus } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import type { PublicUser } from '../../../common/schemas/user';
import { Button } from '../../components/ui/button';
import { Dialog, DialogDescription, DialogTitle, SheetContent } from '../../components/ui/dialog';
import { RoleBadge } from '../../components/ui/role-badge';
import { loginPath, paths } from '../../config/paths';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { cn } from '../../lib/cn';
import { accountLinks } from './account-links';
import { Brand } from './brand';
import { mainLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import { VipLink } from './vip-link';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors hover:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground',
    isActive && 'bg-muted text-foreground',
  );

export interface SideDrawerPanelProps {
  user: PublicUser | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The navigation of small screens: the header's links in a panel from the left. */
export function SideDrawerPanel({ user, open, onOpenChange }: SideDrawerPanelProps) {
  const { pathname } = useLocation();
  const { logout } = useLogout();
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <div className="flex h-16 items-center border-b border-border px-4 pr-12">
          <Brand onNavigate={close} />
        </div>
        <DialogTitle className="sr-only">Navigation menu</DialogTitle>
        <DialogDescription className="sr-only">Links to every section of the site</DialogDescription>
        <nav aria-label="Mobile" className="flex flex-1 flex-col gap-1 overflow-y-auto p-3">
          {/* The header's New paste, which a small screen has no room for. */}
          {pathname === paths.home ? null : (
            <Button asChild variant="outline" className="mb-2">
              <NavLink to={paths.home} onClick={close}>
                <Plus aria-hidden />
                New paste
              </NavLink>
            </Button>
          )}
          {mainLinks.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} end onClick={close} className={itemClass}>
              <Icon aria-hidden />
              {label}
            </NavLink>
          ))}
          <VipLink onNavigate={close} className="mt-1 justify-start px-3 py-2.5" />

          <div className="my-3 h-px bg-border" />
          {user ? (
            <>
              <div className="px-3 pb-2 text-sm">
                <p className="text-xs text-muted-foreground">Signed in as</p>
                <p className="flex items-center gap-2 font-semibold">
                  {user.username}
                  <RoleBadge role={user.role} />
                </p>
              </div>
              {accountLinks(user).map(({ to, label, icon: Icon }) => (
                <NavLink key={to} to={to} onClick={close} className={itemClass}>
                  <Icon aria-hidden />
                  {label}
                </NavLink>
              ))}
              <button
                type="button"
                className={cn(itemClass({ isActive: false }), 'cursor-pointer text-left text-destructive')}
                onClick={() => {
                  close();
                  logout();
                }}
              >
                <LogOut aria-hidden />
                Logout
              </button>
            </>
          ) : (
            <div className="grid gap-2 px-1">
              <Button asChild variant="outline">
                <NavLink to={loginPath(pathname)} onClick={close}>
                  <LogIn aria-hidden />
                  Login
                </NavLink>
              </Button>
              <Button asChild>
                <NavLink to={paths.register} onClick={close}>
                  <UserPlus aria-hidden />
                  Register
                </NavLink>
              </Button>
            </div>
          )}
        </nav>
        <div className="flex items-center justify-between border-t border-border px-4 py-3 text-sm text-muted-foreground">
          Theme
          <ThemeToggle />
        </div>
      </SheetContent>
    </Dialog>
  );
}
