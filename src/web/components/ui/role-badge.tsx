import type { Role } from '../../../common/constants';
import { cn } from '../../lib/cn';

/** Role colours of spec §9: admin red, manager blue, vip yellow, user green (each ≥ 4.5:1 on its tint, measured). */
const roleStyles: Record<Role, string> = {
  admin: 'bg-red-500/15 text-red-700 dark:text-red-300',
  manager: 'bg-blue-500/15 text-blue-700 dark:text-blue-300',
  vip: 'bg-yellow-400/20 text-yellow-800 dark:text-yellow-300',
  user: 'bg-green-500/15 text-green-800 dark:text-green-400',
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
