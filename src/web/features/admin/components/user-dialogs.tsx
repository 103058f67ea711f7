import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_MESSAGES } from '../../../../common/schemas/admin';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogHeading } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SubmitButton } from '../../../components/ui/form-field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { formatRelativeTime } from '../../../lib/format';
import { pasteTitle } from '../../../lib/paste-title';
import { type AdminUserItem, useDeleteUser, useUpdateUser, useUserPastes } from '../api/users';
import { DeletePasteDialog } from './delete-paste-dialog';
import { Pager } from './pager';

export type UserDialog = 'password' | 'email' | 'delete' | 'pastes' | 'second-factor';

interface Props {
  user: AdminUserItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §5: a new password needs a non-blank value. */
export function ChangePasswordDialog({ user, open, onOpenChange }: Props) {
  const update = useUpdateUser();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password.trim()) return setError(ADMIN_MESSAGES.passwordRequired);
    update.mutate(
      { id: user.id, change: { password } },
      {
        onSuccess: () => {
          toast({
            title: 'Password changed',
            description: `${user.username} must sign in again.`,
            variant: 'success',
          });
          setPassword('');
          onOpenChange(false);
        },
        onError: (e) => toastError('Error', e, 'Failed to change user password.'),
      },
    );
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      description={`Set a new password for ${user.username}. Their sessions end.`}
      onSubmit={submit}
      actions={<SubmitButton pending={update.isPending} label="Change Password" working="Change Password" />}
    >
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        error={error}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(undefined);
        }}
      />
    </FormDialog>
  );
}

/** Spec §5: a new email needs a non-blank value containing @. */
export function ChangeEmailDialog({ user, open, onOpenChange }: Props) {
  const update = useUpdateUser();
  const [email, setEmail] = useState(user.email);
  const [error, setError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !email.includes('@')) return setError(ADMIN_MESSAGES.emailInvalid);
    update.mutate(
      { id: user.id, change: { email: email.trim() } },
      {
        onSuccess: () => {
          toast({
            title: 'Email changed',
            description: `${user.username} now uses ${email.trim()}.`,
            variant: 'success',
          });
          onOpenChange(false);
        },
        onError: (e) => toastError('Error', e, 'Failed to change user email.'),
      },
    );
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Email"
      description={`The new address counts as verified. ${user.username}'s sessions end.`}
      onSubmit={submit}
      actions={<SubmitButton pending={update.isPending} label="Change Email" working="Change Email" />}
    >
      <Field
        label="Email"
        type="email"
        value={email}
        error={error}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(undefined);
        }}
      />
    </FormDialog>
  );
}

export function DeleteUserDialog({ user, open, onOpenChange }: Props) {
  const remove = useDeleteUser();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete User"
      description={`Delete ${user.username}? All pastes created by this user will remain but will be marked as anonymous.`}
      confirmLabel="Delete User"
      icon={<Trash2 aria-hidden />}
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(user.id, {
          onSuccess: () => {
            toast({ title: 'User deleted', description: user.username, variant: 'success' });
            onOpenChange(false);
          },
          onError: (e) => toastError('Error', e, 'Failed to delete user.'),
        })
      }
    />
  );
}

/** The user's pastes, 10 a page from the server, each with a delete. */
export function UserPastesDialog({ user, open, onOpenChange }: Props) {
  const [page, setPage] = useState(1);
  const { data } = useUserPastes(user.id, page);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <div className="space-y-4">
          <DialogHeading title={`Pastes of ${user.username}`}>
            {data ? `${data.total} paste${data.total === 1 ? '' : 's'}` : 'Loading…'}
          </DialogHeading>
          <ul className="max-h-[60vh] divide-y divide-border overflow-y-auto">
            {data?.pastes.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <Link
                    className="block truncate font-medium text-primary hover:underline"
                    to={paths.paste(p.id)}
                  >
                    {pasteTitle(p)}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {p.viewCount} views · {formatRelativeTime(p.createdAt)}
                  </p>
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Delete ${pasteTitle(p)}`}
                  onClick={() => setDeleting(p.id)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
            {data && data.pastes.length === 0 ? (
              <li className="py-6 text-center text-muted-foreground">No pastes</li>
            ) : null}
          </ul>
          {data ? <Pager page={data.page} pages={data.totalPages} setPage={setPage} /> : null}
        </div>
        {deleting ? <DeletePasteDialog pasteId={deleting} onClose={() => setDeleting(null)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
