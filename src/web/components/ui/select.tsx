import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './input';

/** A native select (keyboard, screen readers and mobile pickers for free) styled like the inputs. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(fieldClasses, 'h-10 cursor-pointer appearance-none pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

type ChoiceSelectProps<T extends string> = Omit<
  ComponentProps<'select'>,
  'value' | 'onChange' | 'children'
> & {
  /** Each value with its label, in the order shown. */
  choices: Readonly<Record<T, string>> | readonly (readonly [T, string])[];
  value: T;
  onValueChange: (value: T) => void;
};

/** A native select over a fixed set of choices, typed by the values it offers. */
export function ChoiceSelect<T extends string>({ choices, onValueChange, ...props }: ChoiceSelectProps<T>) {
  const entries: readonly (readonly [T, string])[] = Array.isArray(choices)
    ? choices
    : (Object.entries(choices) as [T, string][]);
  return (
    <NativeSelect {...props} onChange={(e) => onValueChange(e.target.value as T)}>
      {entries.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
}
