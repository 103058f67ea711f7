import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CHANGE_PASSWORD_MIN } from '../../../../common/constants';
import { ACCOUNT_MESSAGES } from '../../../../common/schemas/account';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { useChangePassword } from '../api/change-password';

const FAILED = 'Password Change Failed';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §5 Account: the new password equals its confirmation and has at least 6 characters. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  function fail(title: string, message: string) {
    setProblem(message);
    toast({ title, description: message, variant: 'destructive' });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { currentPassword, newPassword, confirmPassword } = form;
    if (!currentPassword || !newPassword || !confirmPassword) {
      fail(FAILED, ACCOUNT_MESSAGES.fillAllFields);
      return;
    }
    if (newPassword !== confirmPassword) {
      fail(ACCOUNT_MESSAGES.passwordsDontMatch, 'The new password and its confirmation must be the same.');
      return;
    }
    if (newPassword.length < CHANGE_PASSWORD_MIN) {
      fail(FAILED, ACCOUNT_MESSAGES.changePasswordTooShort);
      return;
    }
    setProblem(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (result) => {
          setForm(EMPTY);
          toast({
            title: 'Password changed',
            description: result.message || ACCOUNT_MESSAGES.passwordChanged,
            variant: 'success',
          });
        },
        onError: (error) => {
          setProblem(error.message || FAILED);
          toastError(FAILED, error, FAILED);
        },
      },
    );
  }

  return (
    <Card aria-labelledby="change-password-title">
      <CardHeader>
        <CardTitle id="change-password-title" className="flex items-center gap-2">
          <LockKeyhole aria-hidden className="size-5 text-primary" />
          Change Password
        </CardTitle>
        <CardDescription>You stay signed in here; your other devices are signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Change password">
          {problem ? <Alert variant="destructive" title={problem} /> : null}
          <Field
            label="Current Password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={form.currentPassword}
            onChange={set('currentPassword')}
            aria-required
          />
          <Field
            label="New Password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={set('newPassword')}
            hint={`At least ${CHANGE_PASSWORD_MIN} characters.`}
            aria-required
          />
          <Field
            label="Confirm New Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            aria-required
          />
          <Button type="submit" disabled={change.isPending}>
            <LockKeyhole aria-hidden />
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
