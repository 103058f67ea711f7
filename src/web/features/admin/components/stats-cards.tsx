import type { LucideIcon } from 'lucide-react';
import { Eye, EyeOff, FileText, Flag, Globe, Lock, Trash2, Users } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { formatCount } from '../../../lib/format';
import { useAdminStats } from '../api/get-admin-stats';

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number | undefined }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 p-4">
        <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <p className="text-xs font-medium leading-tight text-muted-foreground">{label}</p>
          <p className="text-xl font-semibold tabular-nums">
            {value === undefined ? '–' : formatCount(value)}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Spec §2: an admin sees the site's totals, a manager the pending moderation counts. */
export function StatsCards({ isAdmin }: { isAdmin: boolean }) {
  const { data } = useAdminStats();
  if (isAdmin) {
    return (
      <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat icon={Users} label="Total Users" value={data?.totalUsers} />
        <Stat icon={FileText} label="Total Pastes" value={data?.totalPastes} />
        <Stat icon={Globe} label="Public" value={data?.publicPastes} />
        <Stat icon={EyeOff} label="Unlisted" value={data?.unlistedPastes} />
        <Stat icon={Lock} label="Protected" value={data?.protectedPastes} />
        <Stat icon={Eye} label="Total Views" value={data?.totalViews} />
      </section>
    );
  }
  return (
    <section aria-label="Statistics" className="grid grid-cols-2 gap-3">
      <Stat icon={Trash2} label="Pending Delete Requests" value={data?.pendingDeleteRequests} />
      <Stat icon={Flag} label="Pending Reports" value={data?.pendingReports} />
    </section>
  );
}
