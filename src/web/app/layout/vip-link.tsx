import { Crown } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';

/** The highlighted VIP entry of the header and the drawer. */
export function VipLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <NavLink
      to={paths.vip}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'inline-flex items-center gap-1.5 rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-1.5 text-sm font-semibold text-amber-600 transition-colors hover:bg-amber-400/20 dark:text-amber-300',
          isActive && 'bg-amber-400/25',
          className,
        )
      }
    >
      <Crown aria-hidden className="size-4" />
      VIP
    </NavLink>
  );
}
