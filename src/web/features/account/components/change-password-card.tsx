import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CHANGE_PASSWORD_MIN } from '../../../../common/constants';
import { ACCOUNT_MESSAGES } from '../../../../common/schemas/account';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PasswordField, ProblemForm, SubmitButton } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { useFormProblem, useFormValues } from '../../../lib/form-values';
import { changePasswordProblem } from '../../../lib/password-rules';
import { useChangePassword } from '../api/change-password';

const FAILED = 'Password Change Failed';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §5 Account (rules in password-rules.ts): this session stays, the others end. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const { values: form, bind, reset } = useFormValues(EMPTY);
  // Whoever learnt the old password may hold the API key too: revoking it is the default.
  const [revokeApiKey, setRevokeApiKey] = useState(true);
  const { problem, setProblem, fail, refuse } = useFormProblem(FAILED);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = changePasswordProblem(form);
    if (invalid) {
      refuse(invalid.message, invalid.title);
      return;
    }
    const { currentPassword, newPassword } = form;
    setProblem(null);
    change.mutate(
      { currentPassword, newPassword, revokeApiKey },
      {
        onSuccess: (result) => {
          reset();
          toast({
            title: 'Password changed',
            description: result.message || ACCOUNT_MESSAGES.passwordChanged,
            variant: 'success',
          });
        },
        onError: fail,
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
        <ProblemForm label="Change password" problem={problem} onSubmit={onSubmit}>
          <PasswordField label="Current Password" {...bind('currentPassword')} />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            {...bind('newPassword')}
            hint={`At least ${CHANGE_PASSWORD_MIN} characters.`}
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            {...bind('confirmPassword')}
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
          <SubmitButton
            pending={change.isPending}
            icon={LockKeyhole}
            label="Change Password"
            working="Changing..."
          />
        </ProblemForm>
      </CardContent>
    </Card>
  );
}
