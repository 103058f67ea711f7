import { type ComponentProps, type ReactNode, useId } from 'react';
import { Input } from './input';
import { Label } from './label';

type FieldProps = Omit<ComponentProps<typeof Input>, 'id'> & {
  label: string;
  hint?: ReactNode;
  /** Something shown at the right of the label, e.g. a 'Forgot Password?' link. */
  aside?: ReactNode;
};

/** A labelled input with an optional hint below it. */
export function Field({ label, hint, aside, ...inputProps }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      <Input id={id} aria-describedby={hint ? hintId : undefined} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
