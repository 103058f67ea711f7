import { Check, Copy, Link2, QrCode } from 'lucide-react';
import { useState } from 'react';
import type { PasteView } from '../../../../../common/schemas/paste';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { ReadOnlyField } from '../../../../components/ui/read-only-field';
import { paths } from '../../../../config/paths';
import { linkWithKey } from '../../lib/key-fragment';
import { LazyShareDialog } from './lazy-share-dialog';

/**
 * Shown to the author on the first view after creating: the link to send, a Copy button, and what
 * the chosen options mean for whoever gets it. An encrypted paste's link carries its key.
 */
export function YourLinkPanel({ paste, linkKey = null }: { paste: PasteView; linkKey?: string | null }) {
  const link = `${window.location.origin}${linkWithKey(paths.paste(paste.id), linkKey)}`;
  const [copied, setCopied] = useState(false);
  /** The QR code dialog: mounted from its first opening on. */
  const [qrOpen, setQrOpen] = useState<boolean | null>(null);
  return (
    <Card aria-label="Your link" className="border-primary/40">
      <CardContent className="space-y-3 pt-6">
        <p className="flex items-center gap-2 font-medium">
          <Link2 aria-hidden className="size-4 text-primary" />
          Your link
        </p>
        <div className="flex flex-col items-start gap-2 sm:flex-row">
          <ReadOnlyField value={link} aria-label="Link to this paste" className="flex-1 bg-muted/40" />
          <Button
            size="sm"
            onClick={() =>
              navigator.clipboard.writeText(link).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied' : 'Copy link'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setQrOpen(true)}>
            <QrCode aria-hidden />
            QR code
          </Button>
        </div>
        {linkKey ? (
          <p className="text-sm font-medium" data-testid="encrypted-link-note">
            End-to-end encrypted: the key is the part of the link after the # sign, and the server never has
            it. Keep this link — if you lose it, the paste is lost: nobody, not us either, can open it again.
          </p>
        ) : null}
        {paste.privacy === 'password' ? (
          <p className="text-sm text-muted-foreground">
            Send the password another way than the link (not in the same message), so that someone who sees
            one does not have both.
          </p>
        ) : null}
        {paste.burnAfterReading ? (
          <p className="text-sm text-muted-foreground">
            The link works once: the first person who opens it reads the paste, then it is deleted. Opening it
            yourself in this browser does not burn it.
          </p>
        ) : null}
        {paste.privacy === 'unlisted' ? (
          <p className="text-sm text-muted-foreground">Unlisted: only people with the link can find it.</p>
        ) : null}
        {qrOpen === null ? null : (
          <LazyShareDialog
            paste={paste}
            link={link}
            encrypted={linkKey !== null}
            open={qrOpen}
            onOpenChange={setQrOpen}
          />
        )}
      </CardContent>
    </Card>
  );
}
