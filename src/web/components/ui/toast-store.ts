import { useSyncExternalStore } from 'react';
import { errorMessage } from '../../lib/api-client';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; the provider default (5000) when absent. */
  duration?: number;
  /** One button beside the text, e.g. Undo; pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** Only one toast is visible at a time (spec §8): a new one replaces the current one. */
const TOAST_LIMIT = 1;
/** Spec §9: a dismissed toast stays in the store this long (its exit animation needs it mounted). */
const TOAST_REMOVE_DELAY_MS = 1_000_000;

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): {
  id: number;
  dismiss: () => void;
  /** Changes the text of this toast while it is open (a long task's progress), in place. */
  update: (patch: Pick<ToastInput, 'description'>) => void;
} {
  nextId += 1;
  const id = nextId;
  // A server message that only repeats the title ("Failed to login" / "Failed to login") is said once.
  const repeats = input.description?.trim().toLowerCase() === input.title.trim().toLowerCase();
  const item = { ...input, description: repeats ? undefined : input.description, id, open: true };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch) => emit(toasts.map((t) => (t.id === id && t.open ? { ...t, ...patch } : t))),
  };
}

/** An error toast whose description is the server message when there is one. */
export function toastError(title: string, error: unknown, fallback = 'An error occurred') {
  return toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}

export function dismissToast(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
}

/**
 * Closes the error toasts still open: their cause is gone once the page changes (a "Failed to
 * login" must not greet the person on the page the login then opened).
 */
export function dismissErrorToasts(): void {
  for (const t of toasts) if (t.open && t.variant === 'destructive') dismissToast(t.id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
