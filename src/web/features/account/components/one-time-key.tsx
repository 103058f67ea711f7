import { Check, Copy, TriangleExclamationPoint } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ReadOnlyField } from '../../../components/ui/read-only-field';
import { toast } from '../../../components/ui/toast-store';

/**
 * A freshly issued API key, shown this one time only: the server keeps a hash, so it can never be
 * displayed again. The key is rendered as text (selectable) with a copy button.
 */
export function OneTimeKey({ apiKey, label = 'Your API key' }: { apiKey: string; label?: string }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
      toast({ title: 'Copied', description: 'The API key is on your clipboard.', variant: 'success' });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({
        title: 'Failed to copy',
        description: 'Could not copy to clipboard. Select the key and copy it by hand.',
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="space-y-3" data-testid="one-time-key">
      <p className="text-sm font-medium">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <ReadOnlyField value={apiKey} aria-label={label} className="flex-1 bg-muted/60 py-[7px]" />
        <Button
          type="button"
          variant="outline"
          onClick={copy}
          aria-label="Copy API key"
          className="sm:h-auto"
        >
          {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
          <span>{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
      <div
        role="note"
        className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-foreground"
      >
        <TriangleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        <p>
          <span className="font-medium">This is shown only once.</span>{' '}
          <span className="text-muted-foreground">
            Copy the key now and keep it somewhere safe. We store only a fingerprint of it, so it cannot be
            shown again; if you lose it, generate a new one in Account Settings.
          </span>
        </p>
      </div>
    </div>
  );
}
