import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CHANGE_PASSWORD_MIN } from '../../../../common/constants';
import { ACCOUNT_MESSAGES } from '../../../../common/schemas/account';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { changePasswordProblem } from '../../../lib/password-rules';
import { useChangePassword } from '../api/change-password';

const FAILED = 'Password Change Failed';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §5 Account (rules in password-rules.ts): this session stays, the others end. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  // Whoever learnt the old password may hold the API key too: revoking it is the default.
  const [revokeApiKey, setRevokeApiKey] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  function fail(title: string, message: string) {
    setProblem(message);
    toast({ title, description: message, variant: 'destructive' });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = changePasswordProblem(form);
    if (invalid) {
      fail(invalid.title, invalid.message);
      return;
    }
    const { currentPassword, newPassword } = form;
    setProblem(null);
    change.mutate(
      { currentPassword, newPassword, revokeApiKey },
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
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="revokeApiKey"
              className="size-4 accent-primary"
              checked={revokeApiKey}
              onChange={(event) => setRevokeApiKey(event.target.checked)}
            />
            Also revoke my API key
          </label>
          <Button type="submit" disabled={change.isPending}>
            <LockKeyhole aria-hidden />
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
