import { Copy, Download, FileCode, FileText } from 'lucide-react';
import type { PasteView } from '../../../../../common/schemas/paste';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast-store';
import { formatSize } from '../../../../lib/format';
import { languageLabel } from '../../lib/languages';
import { fileDownloadUrl, fileRawUrl, type PasteFile } from '../../lib/paste-files';
import { saveTextFile } from '../../lib/paste-links';

async function copyFile(file: PasteFile, content: string) {
  try {
    await navigator.clipboard.writeText(content);
    toast({ title: 'Copied', description: `${file.name} copied to clipboard.`, variant: 'success' });
  } catch {
    toast({ title: 'Failed to copy', description: 'Could not copy to clipboard', variant: 'destructive' });
  }
}

/**
 * A file's header in a multi-file paste: its name (the anchor the table of contents links to),
 * language, size, and its own Copy, Raw and Download; `savedHere`: no Raw, and Download saves the
 * text shown.
 */
export function FileHeader({
  paste,
  file,
  headingId,
  savedHere,
}: {
  paste: Pick<PasteView, 'id' | 'accessToken'>;
  file: PasteFile;
  headingId: string;
  savedHere: boolean;
}) {
  const { content } = file;
  // Without the text here, the server's copy is the only one to offer.
  const serverCopy = !savedHere || content === undefined;
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border pb-2">
      <h2 id={headingId} className="flex min-w-0 items-center gap-2 font-mono text-sm font-semibold">
        <FileCode aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="break-all">{file.name}</span>
      </h2>
      <span className="text-xs text-muted-foreground" data-testid="file-meta">
        {file.language ? languageLabel(file.language) : 'Auto-detect'} · {formatSize(file.size)}
      </span>
      <div className="ml-auto flex flex-wrap gap-1" role="toolbar" aria-label={`${file.name} actions`}>
        {content === undefined ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="noscript:hidden"
            onClick={() => copyFile(file, content)}
          >
            <Copy aria-hidden />
            Copy
          </Button>
        )}
        {serverCopy ? (
          <Button asChild variant="ghost" size="sm">
            <a href={fileRawUrl(paste, file.name)} target="_blank" rel="noopener noreferrer">
              <FileText aria-hidden />
              Raw
            </a>
          </Button>
        ) : null}
        {serverCopy ? (
          <Button asChild variant="ghost" size="sm">
            <a href={fileDownloadUrl(paste, file.name)} download={file.name}>
              <Download aria-hidden />
              Download
            </a>
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => saveTextFile(content, file.name)}>
            <Download aria-hidden />
            Download
          </Button>
        )}
      </div>
    </header>
  );
}
