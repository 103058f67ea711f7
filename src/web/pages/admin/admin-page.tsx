import { House, LogIn, Shield, ShieldBan, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { canAdminister } from '../../../common/policies';
import { Page } from '../../components/layouts/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { RoleBadge } from '../../components/ui/role-badge';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { loginPath, paths } from '../../config/paths';
import { useAdminStats } from '../../features/admin/api/get-admin-stats';
import { AuditTab } from '../../features/admin/components/audit-tab';
import { ImportSummary } from '../../features/admin/components/import-summary';
import { LicensesTab } from '../../features/admin/components/licenses-tab';
import { DeleteRequestsTab, ReportsTab } from '../../features/admin/components/moderation-tabs';
import { PastesTab } from '../../features/admin/components/pastes-tab';
import { SettingsTab } from '../../features/admin/components/settings-tab';
import { StatsCards } from '../../features/admin/components/stats-cards';
import { TeamsTab } from '../../features/admin/components/teams-tab';
import { UsersTab } from '../../features/admin/components/users-tab';
import { isStaff, useUser } from '../../features/auth/api/get-user';
import { BansTab } from '../../features/bans';
import { useSafetyStats } from '../../features/safety/api/stats';
import { HeldTab } from '../../features/safety/components/held-tab';
import { SafetyTab } from '../../features/safety/components/safety-tab';

function AccessCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          {icon}
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

export function AdminPage() {
  const { data: user, isPending } = useUser();
  const location = useLocation();

  if (isPending) {
    return (
      <div
        className="flex min-h-[40vh] items-center justify-center gap-3 text-muted-foreground"
        role="status"
      >
        <Spinner />
        <span>Loading admin data...</span>
      </div>
    );
  }

  if (!user) {
    return (
      <AccessCard
        icon={<Shield aria-hidden className="size-10 text-primary" />}
        title="Admin Access Required"
      >
        <p className="text-sm text-muted-foreground">Please log in with an admin or manager account.</p>
        <Button asChild>
          <Link to={loginPath(location.pathname)}>
            <LogIn aria-hidden />
            Go to Login
          </Link>
        </Button>
      </AccessCard>
    );
  }

  if (!isStaff(user)) {
    return (
      <AccessCard icon={<ShieldBan aria-hidden className="size-10 text-destructive" />} title="Access Denied">
        <p className="text-sm text-muted-foreground">
          The admin panel is only available to admins and managers.
        </p>
        <p className="flex items-center gap-2 text-sm">
          Your current role: <RoleBadge role={user.role} />
        </p>
        <Button asChild variant="outline">
          <Link to={paths.home}>
            <House aria-hidden />
            Go to Homepage
          </Link>
        </Button>
      </AccessCard>
    );
  }

  const isAdmin = canAdminister(user.role);
  return (
    <Page
      icon={ShieldCheck}
      title="Admin Panel"
      description="Manage users and pastes in the system"
      width="wide"
      actions={<RoleBadge role={user.role} />}
    >
      <div className="space-y-6">
        <Alert variant="warning" title={isAdmin ? 'Administrator access' : 'Manager access'}>
          {isAdmin
            ? 'You have full access to users, pastes, requests, reports, licenses and site settings. Changes take effect immediately for everyone.'
            : 'You can review delete requests, reported and held pastes, and the content rules. Approving a delete request or a report deletes the paste permanently.'}
        </Alert>
        <ImportSummary />
        <StatsCards isAdmin={isAdmin} />
        <AdminTabs isAdmin={isAdmin} me={user.id} />
      </div>
    </Page>
  );
}

/** Tabs each role sees, in order; the first is where the panel opens (spec §2). */
const TABS = {
  admin: [
    'users',
    'pastes',
    'delete-requests',
    'reports',
    'held',
    'safety',
    'bans',
    'teams',
    'licenses',
    'settings',
    'audit',
  ],
  manager: ['delete-requests', 'reports', 'held', 'safety', 'bans', 'teams'],
} as const;
type AdminTab = (typeof TABS)['admin'][number];

/** A count of work waiting, after a tab's name ("Reports 2 pending" to a screen reader). */
function Pending({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="ml-1.5 rounded-full bg-destructive-solid px-1.5 text-xs font-semibold text-destructive-foreground tabular-nums">
      {count}
      <span className="sr-only"> pending</span>
    </span>
  );
}

/**
 * The panel's tabs, one URL each (/admin/users, /admin/reports…) so a reload or a link keeps the
 * tab: /admin, or a tab this role does not have, is replaced by the role's first tab's URL.
 */
function AdminTabs({ isAdmin, me }: { isAdmin: boolean; me: number }) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const { data: stats } = useAdminStats();
  const { data: safety } = useSafetyStats();
  const tabs: readonly AdminTab[] = isAdmin ? TABS.admin : TABS.manager;
  const current = tabs.includes(tab as AdminTab) ? (tab as AdminTab) : tabs[0]!;
  useEffect(() => {
    if (tab !== current) navigate(paths.adminTab(current), { replace: true });
  }, [tab, current, navigate]);
  return (
    <Tabs value={current} onValueChange={(next) => navigate(paths.adminTab(next))}>
      <TabsList className="h-auto flex-wrap gap-1">
        {isAdmin ? <TabsTrigger value="users">Users</TabsTrigger> : null}
        {isAdmin ? <TabsTrigger value="pastes">Pastes</TabsTrigger> : null}
        <TabsTrigger value="delete-requests">
          Delete Requests
          <Pending count={stats?.pendingDeleteRequests} />
        </TabsTrigger>
        <TabsTrigger value="reports">
          Reports
          <Pending count={stats?.pendingReports} />
        </TabsTrigger>
        <TabsTrigger value="held">
          Held
          <Pending count={safety?.queueLength} />
        </TabsTrigger>
        <TabsTrigger value="safety">Safety</TabsTrigger>
        <TabsTrigger value="bans">Bans</TabsTrigger>
        <TabsTrigger value="teams">Teams</TabsTrigger>
        {isAdmin ? <TabsTrigger value="licenses">VIP Licenses</TabsTrigger> : null}
        {isAdmin ? <TabsTrigger value="settings">Settings</TabsTrigger> : null}
        {isAdmin ? <TabsTrigger value="audit">Audit</TabsTrigger> : null}
      </TabsList>
      {isAdmin ? (
        <TabsContent value="users">
          <UsersTab me={me} />
        </TabsContent>
      ) : null}
      {isAdmin ? (
        <TabsContent value="pastes">
          <PastesTab />
        </TabsContent>
      ) : null}
      <TabsContent value="delete-requests">
        <DeleteRequestsTab />
      </TabsContent>
      <TabsContent value="reports">
        <ReportsTab />
      </TabsContent>
      <TabsContent value="held">
        <HeldTab />
      </TabsContent>
      <TabsContent value="safety">
        <SafetyTab />
      </TabsContent>
      <TabsContent value="bans">
        <BansTab />
      </TabsContent>
      <TabsContent value="teams">
        <TeamsTab />
      </TabsContent>
      {isAdmin ? (
        <TabsContent value="licenses">
          <LicensesTab />
        </TabsContent>
      ) : null}
      {isAdmin ? (
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      ) : null}
      {isAdmin ? (
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      ) : null}
    </Tabs>
  );
}
