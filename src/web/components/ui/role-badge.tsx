import type { Role } from '../../../common/constants';
import { cn } from '../../lib/cn';

/** Role colours of spec §9: admin red, manager blue, vip yellow, user green. */
const roleStyles: Record<Role, string> = {
  admin: 'bg-red-500/15 text-red-600 dark:text-red-400',
  manager: 'bg-blue-500/15 text-blue-600 dark:text-blue-400',
  vip: 'bg-yellow-400/20 text-yellow-700 dark:text-yellow-300',
  user: 'bg-green-500/15 text-green-700 dark:text-green-400',
};

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-[0.7rem] font-semibold uppercase tracking-wide',
        roleStyles[role],
        className,
      )}
    >
      {role}
    </span>
  );
}
