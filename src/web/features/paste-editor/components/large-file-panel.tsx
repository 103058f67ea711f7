import { FileText, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { describeParts, megabytes } from '../../pastes';

/**
 * A file over 50 MB in place of the editor: its name and real size, and what Create Paste will do
 * with it. The file is never read into the page; it is sent in 40 MB slices — encrypted in the
 * tab as it is read, when the paste is end-to-end encrypted.
 */
export function LargeFilePanel({
  file,
  disabled,
  onRemove,
  encrypted = false,
}: {
  file: File;
  disabled: boolean;
  onRemove: () => void;
  encrypted?: boolean;
}) {
  return (
    <section
      aria-label="Large file"
      className="flex min-h-[12rem] flex-col items-center justify-center gap-3 rounded-md border border-dashed p-6 text-center"
    >
      <FileText aria-hidden className="size-8 text-muted-foreground" />
      <p className="break-all font-medium">{file.name}</p>
      <p className="text-sm text-muted-foreground tabular-nums">
        {megabytes(file.size)} MB — uploaded {describeParts(file.size)} when you click Create Paste. It will
        be offered as a download.
      </p>
      {encrypted ? (
        <p className="text-sm text-muted-foreground" data-testid="large-file-encrypted">
          Encrypted in your browser as it is read: the server receives only ciphertext, and the link carries
          the key.
        </p>
      ) : null}
      <Button variant="outline" size="sm" onClick={onRemove} disabled={disabled}>
        <X aria-hidden />
        Remove file
      </Button>
    </section>
  );
}
