import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A value to read and copy (a link, a key), selected whole when focused. A textarea, not an
 * <input>: Chrome lays a one-line field's text in a box of the font's own height whatever its
 * line-height and clips what hangs below it — at 14 px DejaVu Sans Mono's underscore does, so
 * "x8q_XkZ" read "x8q XkZ". A textarea's lines keep their line-height, and a long value wraps
 * (the field grows to fit it) instead of hiding its end.
 */
export function ReadOnlyField({
  className,
  ...props
}: Omit<ComponentProps<'textarea'>, 'readOnly' | 'rows'>) {
  return (
    <textarea
      readOnly
      rows={1}
      spellCheck={false}
      onFocus={(event) => event.currentTarget.select()}
      className={cn(
        'min-h-8 w-full min-w-0 resize-none rounded-md border px-3 py-[3px] font-mono text-sm leading-6 wrap-anywhere field-sizing-content',
        className,
      )}
      {...props}
    />
  );
}
