import { CircleCheck, Globe, Rocket, UserCog } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_SITE_TITLE, POST_SETUP_REDIRECT_MS } from '../../../../common/constants';
import { SETUP_MESSAGES } from '../../../../common/messages';
import { registrationErrors } from '../../../../common/schemas/auth';
import { siteOriginOf } from '../../../../common/schemas/setup';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { type FieldErrors, focusFirstInvalid, hasErrors, withoutError } from '../../../lib/field-errors';
import { useCompleteSetup } from '../api/complete-setup';
import { DatabaseStatus } from './database-status';
import { EmailSection } from './email-section';
import { FormSection } from './form-section';
import { type EmailFormState, initialSetupForm, type SetupFormState, setupBody } from './setup-form-state';
import { useSetupGate } from './setup-gate';

const SETUP_FIELDS = ['domain', 'adminUsername', 'adminEmail', 'adminPassword'] as const;
type SetupField = (typeof SETUP_FIELDS)[number];

/**
 * The same rules the server applies (spec §5 for the admin account), every field at once; an
 * empty admin field says "Please fill in all admin credentials".
 */
function setupErrors(form: SetupFormState): FieldErrors<SetupField> {
  const account = registrationErrors(
    { username: form.adminUsername.trim(), email: form.adminEmail.trim(), password: form.adminPassword },
    { requireEmail: true, checkCaptcha: false },
  );
  const missing = (v: string) => (v.trim() ? undefined : SETUP_MESSAGES.missingAdmin);
  return {
    domain: siteOriginOf(form.domain) ? undefined : SETUP_MESSAGES.domainInvalid,
    adminUsername: missing(form.adminUsername) ?? account.username,
    adminEmail: missing(form.adminEmail) ?? account.email,
    adminPassword: missing(form.adminPassword) ?? account.password,
  };
}

export function SetupForm() {
  const navigate = useNavigate();
  const gate = useSetupGate();
  const setup = useCompleteSetup();
  const [form, setForm] = useState<SetupFormState>(() => initialSetupForm(window.location.origin));
  const [completed, setCompleted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<SetupField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Release the gate only when this page goes away: the lazy /auth screen may take a moment to load,
  // and releasing it earlier would let the gate send us home from /setup first.
  const { setFinishing } = gate;
  useEffect(
    () => () => {
      clearTimeout(redirectTimer.current);
      setFinishing(false);
    },
    [setFinishing],
  );

  const text = (key: Exclude<keyof SetupFormState, 'email'>) => ({
    name: key,
    value: form[key],
    error: errors[key as SetupField],
    onChange: (event: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: event.target.value }));
      setErrors((current) => withoutError(current, key as SetupField));
    },
  });
  const patchEmail = (patch: Partial<EmailFormState>) =>
    setForm((f) => ({ ...f, email: { ...f.email, ...patch } }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = setupErrors(form);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current, SETUP_FIELDS, found);
      return;
    }
    // Hold the gate before the status flips, so this page can show its message for 2 s.
    gate.setFinishing(true);
    setup.mutate(setupBody(form), {
      onSuccess: () => {
        setCompleted(true);
        toast({
          title: 'Setup Complete',
          description: 'Your site is ready. Log in with the admin account you just created.',
          variant: 'success',
        });
        redirectTimer.current = setTimeout(
          () => navigate(paths.auth, { replace: true }),
          POST_SETUP_REDIRECT_MS,
        );
      },
      onError: (error) => {
        gate.setFinishing(false);
        toastError('Setup Failed', error, 'Setup could not be completed.');
      },
    });
  }

  if (completed) {
    return (
      <Card className="border-success/40">
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center" role="status">
          <CircleCheck aria-hidden className="size-12 text-success" />
          <h2 className="text-xl font-semibold">Setup complete!</h2>
          <p className="text-sm text-muted-foreground">Redirecting you to the login page...</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Setup">
      <FormSection icon={Globe} title="Site Configuration" description="How your site introduces itself.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Site Title" placeholder={DEFAULT_SITE_TITLE} {...text('siteTitle')} />
          <Field
            label="Domain"
            placeholder="https://paste.example.com"
            hint="Used for links in emails."
            {...text('domain')}
          />
        </div>
      </FormSection>

      <FormSection
        icon={UserCog}
        title="Admin Account"
        description="The first administrator. You can add managers and more admins later."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Admin Username" autoComplete="username" aria-required {...text('adminUsername')} />
          <Field
            label="Admin Email"
            type="email"
            autoComplete="email"
            aria-required
            {...text('adminEmail')}
          />
        </div>
        <Field
          label="Admin Password"
          type="password"
          autoComplete="new-password"
          aria-required
          {...text('adminPassword')}
        />
      </FormSection>

      <DatabaseStatus />

      <EmailSection value={form.email} onChange={patchEmail} />

      <div className="flex justify-end">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={setup.isPending}>
          <Rocket aria-hidden />
          {setup.isPending ? 'Completing Setup...' : 'Complete Setup'}
        </Button>
      </div>
    </form>
  );
}
