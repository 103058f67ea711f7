import { UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { POST_REGISTER_REDIRECT_MS } from '../../../../common/constants';
import { placeholderEmail, registrationErrors } from '../../../../common/schemas/auth';
import type { PublicSettings } from '../../../../common/schemas/settings';
import {
  EmailField,
  PasswordField,
  ProblemForm,
  SubmitButton,
  UsernameField,
} from '../../../components/ui/form-field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { focusFirstInvalid, hasErrors } from '../../../lib/field-errors';
import { useFormValues } from '../../../lib/form-values';
import { type RegisterResult, useRegister } from '../api/register';
import { CaptchaField } from './captcha-field';
import { RegistrationNotice } from './registration-notice';
import { useCaptcha } from './use-captcha';

const FAILED = 'Failed to create account';
const FIELD_ORDER = ['username', 'email', 'password', 'confirmPassword', 'captcha'] as const;

interface RegisterFormProps {
  settings: PublicSettings;
  /** Called 1.5 s after a successful registration with the new username and the server's answer. */
  onRegistered: (username: string, result: RegisterResult) => void;
}

export function RegisterForm({ settings, onRegistered }: RegisterFormProps) {
  const registration = useRegister();
  const captcha = useCaptcha(settings.enableTurnstile);
  const requireEmail = settings.requireEmailVerification;
  const {
    values: form,
    bind,
    errors,
    setErrors,
    reset,
  } = useFormValues({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState<{ username: string; result: RegisterResult } | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const username = form.username.trim();
    const found = registrationErrors(
      { ...form, username, captchaToken: captcha.token },
      { requireEmail, checkCaptcha: settings.enableTurnstile },
    );
    setErrors(found);
    setProblem(null);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current, FIELD_ORDER, found);
      return;
    }
    registration.mutate(
      {
        username,
        email: requireEmail ? form.email.trim() : placeholderEmail(username),
        password: form.password,
        captchaToken: captcha.token,
      },
      {
        onSuccess: (result) => {
          const message = result?.message || 'Your account was created. You can now log in.';
          setDone({ username, result });
          toast({
            // With verification the answer is the same whether or not the address had an account.
            title: result.requiresVerification ? 'Check your email' : 'Account created',
            description: message,
            variant: result.requiresVerification && !result.verificationEmailSent ? 'default' : 'success',
          });
          reset();
          redirectTimer.current = setTimeout(() => onRegistered(username, result), POST_REGISTER_REDIRECT_MS);
        },
        onError: (err) => {
          setProblem(err.message || FAILED);
          toastError(FAILED, err, FAILED);
          captcha.reset();
        },
      },
    );
  }

  return (
    <ProblemForm
      label="Register"
      problem={problem}
      onSubmit={onSubmit}
      className="space-y-5"
      formRef={formRef}
    >
      {done ? <RegistrationNotice username={done.username} result={done.result} /> : null}
      <UsernameField
        {...bind('username')}
        hint="3 to 30 letters and numbers, with underscores or hyphens (one kind, not both)."
      />
      {requireEmail ? (
        <EmailField {...bind('email')} hint="We will send a verification link to this address." />
      ) : null}
      <PasswordField autoComplete="new-password" {...bind('password')} hint="8 to 30 characters." />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...bind('confirmPassword')} />
      <CaptchaField captcha={captcha} siteKey={settings.turnstileSiteKey} />
      {errors.captcha ? (
        <p role="alert" className="text-xs text-destructive">
          {errors.captcha}
        </p>
      ) : null}
      <SubmitButton
        wide
        pending={registration.isPending}
        icon={UserPlus}
        label="Create Account"
        working="Creating Account..."
      />
    </ProblemForm>
  );
}
