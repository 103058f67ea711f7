import {
  ArrowDown,
  ArrowUp,
  FileText,
  KeyRound,
  Mail,
  MoreHorizontal,
  Search,
  ShieldOff,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { ROLES, type Role } from '../../../../common/constants';
import { canModerate, roleChangesFor, STAFF_ROLE_POWERS } from '../../../../common/policies';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Input } from '../../../components/ui/input';
import { RoleBadge } from '../../../components/ui/role-badge';
import { NativeSelect } from '../../../components/ui/select';
import { toast, toastError } from '../../../components/ui/toast-store';
import { formatRelativeTime } from '../../../lib/format';
import { type AdminUserItem, useAdminSettings, useAdminUsers, useUpdateUser } from '../api/users';
import { EmptyList, ListLoading } from './list-states';
import { Pager, usePaged } from './pager';
import { ResetSecondFactorDialog } from './reset-second-factor-dialog';
import {
  ChangeEmailDialog,
  ChangePasswordDialog,
  DeleteUserDialog,
  type UserDialog,
  UserPastesDialog,
} from './user-dialogs';

const ROLE_LABELS: Record<Role, string> = { user: 'User', vip: 'VIP', manager: 'Manager', admin: 'Admin' };
const RANK: Record<Role, number> = { user: 0, vip: 0, manager: 1, admin: 2 };

function roleButtonLabel(from: Role, to: Role): string {
  return `${RANK[to] > RANK[from] ? 'Promote' : 'Demote'} to ${ROLE_LABELS[to]}`;
}

function UserCard({ user, me, rbac }: { user: AdminUserItem; me: number; rbac: boolean }) {
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  /** A promotion to a staff role waits for the admin to confirm it. */
  const [granting, setGranting] = useState<'manager' | 'admin' | null>(null);
  const update = useUpdateUser();
  const changes = rbac ? roleChangesFor({ id: me }, user) : [];
  const staff = canModerate(user.role);

  function changeRole(role: Role) {
    update.mutate(
      { id: user.id, change: { role } },
      {
        onSuccess: () => {
          setGranting(null);
          toast({
            title: 'Role updated',
            description: `${user.username} is now ${ROLE_LABELS[role]}.`,
            variant: 'success',
          });
        },
        onError: (e) => toastError('Error', e, 'Failed to update user role.'),
      },
    );
  }

  const open = (d: UserDialog) => () => setDialog(d);
  const onOpenChange = (next: boolean) => (next ? undefined : setDialog(null));
  return (
    <Card>
      <CardContent className="flex flex-wrap items-start justify-between gap-3 p-4">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{user.username}</h3>
            <RoleBadge role={user.role} />
            <Badge variant={user.hasApiKey ? 'success' : 'outline'}>
              {user.hasApiKey ? 'Has API Key' : 'No API Key'}
            </Badge>
            {user.secondFactor ? <Badge variant="success">Two-factor on</Badge> : null}
          </div>
          <p className="break-all text-sm text-muted-foreground">{user.email}</p>
          <p className="text-xs text-muted-foreground">
            {user.pasteCount} paste{user.pasteCount === 1 ? '' : 's'} · Registered{' '}
            {formatRelativeTime(user.createdAt)}
            {!staff && user.registrationIp ? ` · IP ${user.registrationIp}` : ''}
          </p>
          {changes.length > 0 ? (
            <div className="flex flex-wrap gap-2 pt-1">
              {changes.map((role) => (
                <Button
                  key={role}
                  size="sm"
                  variant="outline"
                  disabled={update.isPending}
                  onClick={() =>
                    RANK[role] > RANK[user.role] && (role === 'manager' || role === 'admin')
                      ? setGranting(role)
                      : changeRole(role)
                  }
                >
                  {RANK[role] > RANK[user.role] ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
                  {roleButtonLabel(user.role, role)}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon" variant="ghost" aria-label={`Actions for ${user.username}`}>
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={open('pastes')}>
              <FileText aria-hidden /> View Pastes
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={open('password')}>
              <KeyRound aria-hidden /> Change Password
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={open('email')}>
              <Mail aria-hidden /> Change Email
            </DropdownMenuItem>
            {user.secondFactor ? (
              <DropdownMenuItem onSelect={open('second-factor')}>
                <ShieldOff aria-hidden /> Reset Two-Factor
              </DropdownMenuItem>
            ) : null}
            {user.id !== me ? (
              <DropdownMenuItem className="text-destructive" onSelect={open('delete')}>
                <Trash2 aria-hidden /> Delete User
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </CardContent>
      {dialog === 'password' ? <ChangePasswordDialog user={user} open onOpenChange={onOpenChange} /> : null}
      {dialog === 'email' ? <ChangeEmailDialog user={user} open onOpenChange={onOpenChange} /> : null}
      {dialog === 'delete' ? <DeleteUserDialog user={user} open onOpenChange={onOpenChange} /> : null}
      {dialog === 'pastes' ? <UserPastesDialog user={user} open onOpenChange={onOpenChange} /> : null}
      {dialog === 'second-factor' ? (
        <ResetSecondFactorDialog user={user} open onOpenChange={onOpenChange} />
      ) : null}
      {granting ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? undefined : setGranting(null))}
          title={`Make ${user.username} ${granting === 'admin' ? 'an Admin' : 'a Manager'}?`}
          description={STAFF_ROLE_POWERS[granting]}
          confirmLabel={roleButtonLabel(user.role, granting)}
          icon={<ArrowUp aria-hidden />}
          tone="default"
          busy={update.isPending}
          onConfirm={() => changeRole(granting)}
        />
      ) : null}
    </Card>
  );
}

/** Spec §2 Users tab: search by username or email, role filter, 10 a page. */
export function UsersTab({ me }: { me: number }) {
  const { data: users, isPending } = useAdminUsers();
  const rbac = useAdminSettings().data?.enableRbac === true;
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const needle = search.trim().toLowerCase();
  const shown = (users ?? []).filter(
    (u) =>
      (!role || u.role === role) &&
      (!needle || u.username.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle)),
  );
  const paged = usePaged(shown);
  const filtered = needle !== '' || role !== '';

  return (
    <section aria-label="Users" className="space-y-3">
      <h2 className="text-lg font-semibold">Users</h2>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            className="pl-9"
            placeholder="Search users..."
            aria-label="Search users"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <NativeSelect aria-label="Role" value={role} onChange={(e) => setRole(e.target.value as Role | '')}>
          <option value="">All Roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {isPending ? (
        <ListLoading />
      ) : paged.items.length === 0 ? (
        <EmptyList className="gap-3">
          <p>{filtered ? 'No users match your search' : 'No users found'}</p>
          {filtered ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setSearch('');
                setRole('');
              }}
            >
              Clear search
            </Button>
          ) : null}
        </EmptyList>
      ) : (
        <>
          {paged.items.map((u) => (
            <UserCard key={u.id} user={u} me={me} rbac={rbac} />
          ))}
          <Pager page={paged.page} pages={paged.pages} setPage={paged.setPage} />
        </>
      )}
    </section>
  );
}
