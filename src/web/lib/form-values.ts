import { useState } from 'react';
import { toast, toastError } from '../components/ui/toast-store';
import { type FieldErrors, withoutError } from './field-errors';

/**
 * A form's text values with the props each field needs (`{...bind('email')}`): typing in a field
 * clears that field's error, the old message no longer applying.
 */
export function useFormValues<T extends Record<string, string>>(initial: T) {
  type Key = keyof T & string;
  const [values, setValues] = useState(initial);
  // Keyed by name, not only the values': a form may have errors for controls of its own (a captcha).
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  const bind = (name: Key) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => withoutError(current, name));
    },
  });
  return { values, errors, setErrors, bind, reset: () => setValues(initial) };
}

/**
 * What went wrong with a form's last try, shown above it and toasted under `title`: `fail(error)`
 * with the server's words when it gave some, `refuse(message)` for what the form itself found.
 */
export function useFormProblem(title: string) {
  const [problem, setProblem] = useState<string | null>(null);
  const fail = (error: unknown) => {
    setProblem(error instanceof Error && error.message ? error.message : title);
    toastError(title, error, title);
  };
  const refuse = (message: string, heading = title) => {
    setProblem(message);
    toast({ title: heading, description: message, variant: 'destructive' });
  };
  return { problem, setProblem, fail, refuse };
}
