import QRCode from 'qrcode';
import { useState } from 'react';
import { mayEmbedPaste } from '../../../../../common/policies';
import type { PasteView } from '../../../../../common/schemas/paste';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../../components/ui/dialog';
import { ReadOnlyField } from '../../../../components/ui/read-only-field';
import { NativeSelect } from '../../../../components/ui/select';
import { usePublicSettings } from '../../../settings/api/get-public-settings';
import { isProcessing } from '../../api/get-paste';

/**
 * The link as a QR code, drawn as SVG squares by React (no markup from a string, no data: image:
 * the CSP stays as it is), dark on white in both themes as scanners need, with a quiet zone.
 */
function LinkQrCode({ link }: { link: string }) {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const full = modules.size + 2 * quiet;
  let d = '';
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  return (
    <svg
      viewBox={`0 0 ${full} ${full}`}
      className="mx-auto size-56 rounded-md"
      role="img"
      aria-label="QR code of the link"
      data-testid="link-qr-code"
      shapeRendering="crispEdges"
    >
      <rect width={full} height={full} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/**
 * Share: the link as a QR code (an encrypted paste's carries its key, and the dialog says so), and
 * for a paste other sites may show (mayEmbedPaste) the code that embeds it. Loaded when first
 * opened: the QR encoder is no part of the paste page's first load.
 */
export function ShareDialog({
  paste,
  link,
  encrypted,
  open,
  onOpenChange,
  fileNames,
}: {
  paste: PasteView;
  /** The full link, with an encrypted paste's #key. */
  link: string;
  encrypted: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A multi-file paste's file names: an embed shows one file, picked here (`?file=`). */
  fileNames?: string[];
}) {
  const { data: settings } = usePublicSettings();
  const [file, setFile] = useState(fileNames?.[0] ?? '');
  const status = isProcessing(paste) ? 'processing' : 'ready';
  const embeddable =
    settings !== undefined &&
    mayEmbedPaste(
      {
        privacy: paste.privacy,
        burnAfterReading: paste.burnAfterReading,
        status,
        encrypted,
        held: paste.held === true,
      },
      settings,
    );
  const origin = window.location.origin;
  const fileQuery = fileNames && file ? `?file=${encodeURIComponent(file)}` : '';
  const script = `<script src="${origin}/embed/${paste.id}.js${fileQuery}"></script>`;
  const iframe = `<iframe src="${origin}/embed/${paste.id}${fileQuery}" width="640" height="400" style="border:0" title="Embedded paste"></iframe>`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="space-y-4">
          <div className="space-y-1.5 pr-6">
            <DialogTitle>Share</DialogTitle>
            <DialogDescription>Scan the code to open this paste on a phone.</DialogDescription>
          </div>
          <LinkQrCode link={link} />
          <ReadOnlyField value={link} aria-label="Link to this paste" className="bg-muted/40" />
          {encrypted ? (
            <p className="text-sm font-medium" data-testid="qr-key-note">
              This code carries the paste's key (the part of the link after #): whoever scans it can read the
              paste.
            </p>
          ) : null}
          {embeddable ? (
            <div className="space-y-2">
              <p className="text-sm font-medium">Embed in a web page</p>
              {fileNames ? (
                <NativeSelect
                  aria-label="File to embed"
                  value={file}
                  onChange={(e) => setFile(e.target.value)}
                >
                  {fileNames.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              ) : null}
              <ReadOnlyField
                value={script}
                aria-label="Embed with a script"
                className="bg-muted/40 text-xs"
              />
              <ReadOnlyField
                value={iframe}
                aria-label="Embed with an iframe"
                className="bg-muted/40 text-xs"
              />
            </div>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
