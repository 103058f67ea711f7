/**
 * Client-side validation shown where the eye is: every invalid field's message under it, all at
 * once, and focus on the first (in the form's order). Server and network errors stay toasts.
 */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors<K extends string>(errors: FieldErrors<K>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Focuses (and scrolls to) the first control of `form` whose name has an error. */
export function focusFirstInvalid<K extends string>(
  form: HTMLElement | null,
  order: readonly K[],
  errors: FieldErrors<K>,
) {
  const first = order.find((name) => errors[name]);
  if (!form || !first) return;
  const control = form.querySelector<HTMLElement>(`[name="${first}"]`);
  control?.focus();
  control?.scrollIntoView({ block: 'center' });
}

/** The errors without `name`'s (its value changed: the old message no longer applies). */
export function withoutError<K extends string>(errors: FieldErrors<K>, name: K): FieldErrors<K> {
  if (!errors[name]) return errors;
  const next = { ...errors };
  delete next[name];
  return next;
}
