import { UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { POST_REGISTER_REDIRECT_MS } from '../../../../common/constants';
import {
  placeholderEmail,
  type RegistrationField,
  registrationErrors,
} from '../../../../common/schemas/auth';
import type { PublicSettings } from '../../../../common/schemas/settings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast, toastError } from '../../../components/ui/toast-store';
import { type FieldErrors, focusFirstInvalid, hasErrors, withoutError } from '../../../lib/field-errors';
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
  const registerMutation = useRegister();
  const captcha = useCaptcha(settings.enableTurnstile);
  const requireEmail = settings.requireEmailVerification;
  const [form, setForm] = useState({ username: '', email: '', password: '', confirmPassword: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<RegistrationField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState<{ username: string; result: RegisterResult } | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => withoutError(current, key));
  };

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
    registerMutation.mutate(
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
          setForm({ username: '', email: '', password: '', confirmPassword: '' });
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
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Register">
      {problem ? <Alert variant="destructive" title={problem} /> : null}
      {done ? <RegistrationNotice username={done.username} result={done.result} /> : null}
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={form.username}
        onChange={set('username')}
        error={errors.username}
        hint="3 to 30 letters and numbers, with underscores or hyphens (one kind, not both)."
        aria-required
      />
      {requireEmail ? (
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
          hint="We will send a verification link to this address."
          aria-required
        />
      ) : null}
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
        hint="8 to 30 characters."
        aria-required
      />
      <Field
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
        aria-required
      />
      <CaptchaField captcha={captcha} siteKey={settings.turnstileSiteKey} />
      {errors.captcha ? (
        <p role="alert" className="text-xs text-destructive">
          {errors.captcha}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={registerMutation.isPending}>
        <UserPlus aria-hidden />
        {registerMutation.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
