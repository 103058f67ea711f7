import { EyeOff, LockKeyhole, ShieldCheck, TriangleExclamationPoint } from 'lucide-react';
import { type ComponentProps, useRef } from 'react';
import { MB, SECRET_SCAN_BROWSER_BUDGET_MS, SECRET_SCAN_MAX_CHARS } from '../../../../common/constants';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { formatCount } from '../../../lib/format';
import type { SecretNotice } from '../lib/find-secrets';

/** What the author does with a public paste that seems to hold credentials. */
export type SecretChoice = 'encrypt' | 'unlisted' | 'password' | 'public';

/** Findings named one by one; past this many the rest are counted (the scan reports up to 50). */
const SHOWN = 10;

/**
 * The warning before a public paste with likely credentials is sent: each finding by
 * kind and line, and how far the check got when it stopped before the end of the text; then the
 * ways on, the safest first — end-to-end encryption (unless the author already chose it), which
 * keeps the text from the server and from whoever sees the link without its key; unlisted; a
 * password; or publish anyway. Closing it (Escape, ×) sends nothing and returns to the editor.
 */
export function SecretWarningDialog({
  findings,
  checkedLines = null,
  onChoose,
  onCancel,
  onCloseAutoFocus,
  editing = false,
  canEncrypt = false,
}: {
  /** null = closed; empty when the check only stopped early. */
  findings: readonly SecretNotice[] | null;
  /** Lines looked at when the check stopped before the end of the text; null when it read it all. */
  checkedLines?: number | null;
  onChoose: (choice: SecretChoice) => void;
  onCancel: () => void;
  /** Where the focus goes once the dialog is gone; unless it prevents the default, back to what had it before. */
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
  /** An edit keeps the paste's privacy: only "Publish anyway" or back to the editor. */
  editing?: boolean;
  /** The paste is not encrypted yet: "Encrypt end-to-end" is offered first. */
  canEncrypt?: boolean;
}) {
  const shown = findings?.slice(0, SHOWN) ?? [];
  const more = (findings?.length ?? 0) - shown.length;
  // Opened without a DialogTrigger, Radix would return the focus to nothing (the page's body): the
  // element that had it when the dialog opened (Create Paste, or the editor after Ctrl+Enter) gets it back.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={findings !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        onOpenAutoFocus={() => {
          returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          returnTo.current?.focus();
          returnTo.current = null;
        }}
        data-testid="secret-warning"
      >
        <div className="space-y-4">
          <div className="space-y-1.5 pr-6">
            <DialogTitle className="flex items-center gap-2">
              <TriangleExclamationPoint aria-hidden className="size-5 shrink-0 text-warning" />
              {shown.length > 0
                ? 'This paste may contain secrets'
                : 'This paste was only partly checked for secrets'}
            </DialogTitle>
            <DialogDescription>
              A public paste can be read by anyone and may be listed on Top Views. Nothing has been sent yet.
            </DialogDescription>
          </div>
          <ul
            aria-label="Likely secrets"
            className="max-h-60 space-y-1 overflow-y-auto rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
          >
            {shown.map(({ label, line }) => (
              <li key={`${label}-${line}`}>
                {label} <span className="text-muted-foreground">— line {line}</span>
              </li>
            ))}
            {more > 0 ? <li className="text-muted-foreground">and {more} more</li> : null}
            {checkedLines !== null ? (
              <li data-testid="secret-check-incomplete">
                The check stopped after line {formatCount(checkedLines)} (it reads at most{' '}
                {SECRET_SCAN_MAX_CHARS / MB} MB, for at most {SECRET_SCAN_BROWSER_BUDGET_MS / 1000} seconds):
                the lines after it were not looked at.
              </li>
            ) : null}
          </ul>
          {canEncrypt && !editing ? (
            <p className="text-sm text-muted-foreground">
              Encrypted in your browser, it can be read only with the whole link, key included (the part after
              #): the server never gets the key, nor does anyone who sees the link without it.
            </p>
          ) : null}
          <div className="grid gap-2">
            {editing ? (
              <Button type="button" onClick={onCancel}>
                Keep editing
              </Button>
            ) : (
              <>
                {canEncrypt ? (
                  <Button type="button" onClick={() => onChoose('encrypt')}>
                    <ShieldCheck aria-hidden />
                    Encrypt end-to-end
                  </Button>
                ) : null}
                <Button
                  type="button"
                  variant={canEncrypt ? 'outline' : 'default'}
                  onClick={() => onChoose('unlisted')}
                >
                  <EyeOff aria-hidden />
                  Make it unlisted
                </Button>
                <Button type="button" variant="outline" onClick={() => onChoose('password')}>
                  <LockKeyhole aria-hidden />
                  Protect with a password
                </Button>
              </>
            )}
            <Button
              type="button"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              onClick={() => onChoose('public')}
            >
              Publish anyway
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
