import { cn } from '../../lib/cn';
import { CopyButton } from './copy-button';

/** Monospace text with a copy button. Content is rendered as text only. */
export function CodeBlock({ code, className, label }: { code: string; className?: string; label?: string }) {
  return (
    // The button has a column of its own: over the text it would hide the end of long lines
    // scrolled under it (a phone's narrow screen).
    <div className={cn('group flex items-start rounded-lg border border-border bg-muted/60', className)}>
      <pre className="min-w-0 flex-1 overflow-x-auto p-4 pr-2 font-mono text-xs leading-relaxed text-foreground/90">
        <code>{code}</code>
      </pre>
      <CopyButton
        text={code}
        label={`Copy ${label ?? 'code'}`}
        className="m-2 opacity-70 group-hover:opacity-100"
      />
    </div>
  );
}
