import { Crown, User } from 'lucide-react';
import type { Role } from '../../common/constants';
import { cn } from '../lib/cn';

/**
 * Spec §2 paste badges: admin red, manager blue, vip gold, user green; Anonymous neutral. The light
 * theme's text shades are dark enough for 4.5:1 on their own tinted ground (12 px text; the 600
 * shades gave 2.8–4.2:1, which axe reported only when it could work the tint out).
 */
const ROLE_COLOURS: Record<Role, string> = {
  admin: 'border-red-500/30 bg-red-500/15 text-red-700 dark:text-red-400',
  manager: 'border-blue-500/30 bg-blue-500/15 text-blue-700 dark:text-blue-400',
  vip: 'border-amber-400/40 bg-amber-400/15 text-amber-800 dark:text-amber-300',
  user: 'border-green-500/30 bg-green-500/15 text-green-800 dark:text-green-400',
};
const ANONYMOUS = 'border-border bg-muted text-muted-foreground';

export function roleTextColour(role: Role | null): string {
  if (!role) return 'text-muted-foreground';
  return ROLE_COLOURS[role]
    .split(' ')
    .filter((c) => c.includes('text-'))
    .join(' ');
}

export function AuthorBadge({ username, role }: { username: string; role: Role | null }) {
  const Icon = role === 'vip' ? Crown : User;
  return (
    <span
      data-role={role ?? 'anonymous'}
      title={role ? `${username} (${role})` : username}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        role ? ROLE_COLOURS[role] : ANONYMOUS,
      )}
    >
      <Icon aria-hidden className="size-3" />
      {username}
    </span>
  );
}
