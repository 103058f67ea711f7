import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';

/** Monospace text with a copy button. Content is rendered as text only. */
export function CodeBlock({ code, className, label }: { code: string; className?: string; label?: string }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard refused (insecure origin or permission): the text stays selectable.
    }
  }

  return (
    // The button has a column of its own: over the text it would hide the end of long lines
    // scrolled under it (a phone's narrow screen).
    <div className={cn('group flex items-start rounded-lg border border-border bg-muted/60', className)}>
      <pre className="min-w-0 flex-1 overflow-x-auto p-4 pr-2 font-mono text-xs leading-relaxed text-foreground/90">
        <code>{code}</code>
      </pre>
      <button
        type="button"
        onClick={copy}
        aria-label={copied ? 'Copied' : `Copy ${label ?? 'code'}`}
        className="m-2 shrink-0 cursor-pointer rounded-md p-1.5 text-muted-foreground opacity-70 transition hover:bg-background hover:text-foreground group-hover:opacity-100"
      >
        {copied ? <Check className="size-4 text-success" /> : <Copy className="size-4" />}
      </button>
    </div>
  );
}
