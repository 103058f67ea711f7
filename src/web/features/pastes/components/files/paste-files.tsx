import { FileCode } from 'lucide-react';
import { useMemo } from 'react';
import type { PasteView } from '../../../../../common/schemas/paste';
import { Alert } from '../../../../components/ui/alert';
import { formatCountOf, formatSize } from '../../../../lib/format';
import { fileSlugs, type PasteFile } from '../../lib/paste-files';
import { PasteBody } from '../rendered/paste-body';
import { FileHeader } from './file-header';

/** The table of contents at the top of a multi-file paste: a link to each file's section. */
function FileContents({ files, slugs }: { files: PasteFile[]; slugs: string[] }) {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <nav aria-label="Files" className="rounded-lg border border-border bg-muted/30 p-3 text-sm">
      <p className="mb-2 text-xs text-muted-foreground">
        {formatCountOf(files.length, 'file')}, {formatSize(total)}
      </p>
      <ol className="grid gap-1 sm:grid-cols-2">
        {files.map((file, index) => (
          <li key={slugs[index]} className="min-w-0">
            <a
              href={`#file-${slugs[index]}`}
              className="flex items-center gap-2 rounded px-1 py-0.5 font-mono text-primary hover:underline"
            >
              <FileCode aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{file.name}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A multi-file paste (or a revision of one): its files one under another, each with its header and
 * its text as a one-file paste shows it (rendered by its own name: Markdown, CSV, notebook), its
 * lines linked as `#file-{slug}-L12`.
 */
export function PasteFiles({
  paste,
  files,
  savedHere = false,
}: {
  paste: Pick<PasteView, 'id' | 'accessToken'>;
  files: PasteFile[];
  /**
   * No link to the server's copy of a file: a burn paste's is gone once read, and a revision's files
   * have no raw route (only the newest's do). Download then saves the text shown here.
   */
  savedHere?: boolean;
}) {
  const slugs = useMemo(() => fileSlugs(files.map((file) => file.name)), [files]);
  return (
    <div className="space-y-6" data-testid="paste-files">
      <FileContents files={files} slugs={slugs} />
      {files.map((file, index) => {
        const anchor = `file-${slugs[index]}`;
        return (
          <section
            key={anchor}
            id={anchor}
            aria-labelledby={`${anchor}-name`}
            className="scroll-mt-4 space-y-3"
          >
            <FileHeader paste={paste} file={file} headingId={`${anchor}-name`} savedHere={savedHere} />
            {file.content === undefined ? (
              <Alert variant="info" title="Too large to show here">
                This file is {formatSize(file.size)}: read it raw or download it.
              </Alert>
            ) : (
              <PasteBody
                paste={{ id: paste.id, title: file.name, language: file.language, sizeBytes: file.size }}
                content={file.content}
                linePrefix={`${anchor}-`}
              />
            )}
          </section>
        );
      })}
    </div>
  );
}
