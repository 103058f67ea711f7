import { ChevronDown, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { PublicUser } from '../../../common/schemas/user';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { RoleBadge } from '../../components/ui/role-badge';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { accountLinks } from './account-links';

export function UserMenu({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const { logout } = useLogout();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-2 py-1.5 text-sm font-medium transition-colors hover:bg-muted data-[state=open]:bg-muted"
        aria-label={`${user.username}, account menu`}
      >
        {/* The initial is drawn by CSS, not text: the button's name then starts with what it shows. */}
        <span
          aria-hidden
          data-initial={user.username.slice(0, 1)}
          className="grid size-7 place-items-center rounded-full bg-primary/20 text-xs font-bold text-primary uppercase before:content-[attr(data-initial)]"
        />
        <span className="hidden max-w-32 truncate sm:inline" data-testid="user-menu-username">
          {user.username}
        </span>
        <ChevronDown aria-hidden className="size-4 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="text-xs text-muted-foreground">Signed in as</p>
          <p className="flex items-center gap-2 truncate font-semibold">
            {user.username}
            <RoleBadge role={user.role} />
          </p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountLinks(user).map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} onSelect={() => navigate(to)}>
            <Icon aria-hidden />
            {label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logout} className="text-destructive [&_svg]:text-destructive">
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
