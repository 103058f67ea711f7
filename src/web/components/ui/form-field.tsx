import type { ComponentProps, ComponentType, FormEvent, ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';
import { Alert } from './alert';
import { Button, type ButtonProps } from './button';
import { Field } from './field';

type FieldProps = ComponentProps<typeof Field>;
type PresetProps = Omit<FieldProps, 'label' | 'type'> & { label?: string };

/** A password the form cannot go without (the show/hide button comes with `type="password"`). */
export function PasswordField({ label = 'Password', ...props }: PresetProps) {
  return <Field label={label} type="password" autoComplete="current-password" aria-required {...props} />;
}

/** An email address the form cannot go without. */
export function EmailField({ label = 'Email', ...props }: PresetProps) {
  return <Field label={label} type="email" autoComplete="email" aria-required {...props} />;
}

/** A code from an authenticator app (or a recovery code). */
export function CodeField({ label = 'Code', ...props }: PresetProps) {
  return <Field label={label} autoComplete="one-time-code" {...props} />;
}

/** A username as typed: no capitals or spelling fixes from the keyboard. */
export function UsernameField({ label = 'Username', ...props }: PresetProps) {
  return (
    <Field
      label={label}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      aria-required
      {...props}
    />
  );
}

/**
 * A form that checks its own fields (`noValidate`) and shows what went wrong above them; `problem`
 * may carry more than the title (a link to try again) as `problemDetail`.
 */
export function ProblemForm({
  label,
  problem,
  problemDetail,
  onSubmit,
  className = 'space-y-4',
  formRef,
  children,
}: {
  label: string;
  problem: string | null;
  problemDetail?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  className?: string;
  /** For a form that focuses its first invalid control. */
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className={className} aria-label={label}>
      {problem ? (
        <Alert variant="destructive" title={problem}>
          {problemDetail}
        </Alert>
      ) : null}
      {children}
    </form>
  );
}

/** A form's submit button that says what it is doing while `pending` (and cannot be pressed twice). */
export function SubmitButton({
  pending,
  icon: Icon,
  label,
  working,
  wide,
  disabled,
  className,
  ...props
}: Omit<ButtonProps, 'type' | 'children'> & {
  pending: boolean;
  icon?: ComponentType<{ 'aria-hidden'?: boolean }>;
  label: string;
  /** The label while `pending`, e.g. 'Saving...'. */
  working: string;
  /** As wide as the form (a form with one way out). */
  wide?: boolean;
}) {
  return (
    <Button
      type="submit"
      disabled={pending || disabled}
      className={cn(wide && 'w-full', className)}
      {...props}
    >
      {Icon ? <Icon aria-hidden /> : null}
      {pending ? working : label}
    </Button>
  );
}
