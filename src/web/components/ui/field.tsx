import { type ComponentProps, type ReactNode, useId } from 'react';
import { Input } from './input';
import { Label } from './label';
import { PasswordInput } from './password-input';

type FieldProps = Omit<ComponentProps<typeof Input>, 'id'> & {
  label: string;
  hint?: ReactNode;
  /** Something shown at the right of the label, e.g. a 'Forgot Password?' link. */
  aside?: ReactNode;
  /** What is wrong with the value, shown under the field (and announced) instead of the hint. */
  error?: string;
};

/** A labelled input with an optional hint or error below it. */
export function Field({ label, hint, aside, error, ...inputProps }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // Passwords and secrets get the show/hide button.
  const Control = inputProps.type === 'password' ? PasswordInput : Input;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      <Control
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
