import { PASTE_FILES_MAX } from '../../../../common/constants';
import type { EditorFile } from '../lib/editor-files';
import { AddFileButton } from './add-file-button';
import { FileEditorItem } from './file-editor-item';

/** The form's files one under another, with "Add file" under them (at most PASTE_FILES_MAX). */
export function FileListEditor({
  files,
  disabled,
  nameErrors,
  onChange,
  onRemove,
  onAdd,
}: {
  files: EditorFile[];
  disabled: boolean;
  nameErrors: Record<number, string>;
  onChange: (key: number, patch: Partial<Omit<EditorFile, 'key'>>) => void;
  onRemove: (key: number) => void;
  onAdd: () => void;
}) {
  const full = files.length >= PASTE_FILES_MAX;
  return (
    <div className="space-y-3" data-testid="editor-files">
      {files.map((file, index) => (
        <FileEditorItem
          key={file.key}
          file={file}
          index={index}
          disabled={disabled}
          removable={files.length > 1}
          nameError={nameErrors[file.key]}
          onChange={(patch) => onChange(file.key, patch)}
          onRemove={() => onRemove(file.key)}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <AddFileButton disabled={disabled || full} onAdd={onAdd} />
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="file-count">
          {files.length} of {PASTE_FILES_MAX} files
        </span>
      </div>
    </div>
  );
}
