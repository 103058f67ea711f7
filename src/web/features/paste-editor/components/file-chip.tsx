import { FileText, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { megabytes } from '../../pastes';

export interface LoadedFile {
  name: string;
  /** The file's real size in bytes (the editor's own figure is the spec's 2-bytes-per-character estimate). */
  size: number;
  /** Its first lines, for a file too large to show in the editor. */
  preview: string;
}

const PREVIEW_LINES = 5;

export function previewOf(text: string): string {
  return text.split('\n', PREVIEW_LINES).join('\n').slice(0, 600);
}

/** The file read into the editor by Upload File: name, real size, first lines, and Remove. */
export function FileChip({
  file,
  disabled,
  onRemove,
}: {
  file: LoadedFile;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <section aria-label="Loaded file" className="space-y-2 rounded-md border bg-muted/30 p-3">
      <div className="flex items-center gap-2 text-sm">
        <FileText aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 truncate font-medium">{file.name}</span>
        <span className="shrink-0 text-muted-foreground tabular-nums">{megabytes(file.size)} MB</span>
        <Button variant="ghost" size="sm" className="ml-auto" onClick={onRemove} disabled={disabled}>
          <X aria-hidden />
          Remove
        </Button>
      </div>
      <pre className="max-h-28 overflow-hidden font-mono text-xs whitespace-pre-wrap text-muted-foreground">
        {file.preview}
      </pre>
    </section>
  );
}
