import { Trash2 } from 'lucide-react';
import { FILE_NAME_MAX_LENGTH } from '../../../../common/constants';
import type { PasteLanguage } from '../../../../common/languages';
import { languageOfFileName } from '../../../../common/languages';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { formatSize } from '../../../lib/format';
import { LanguageOptions } from '../../pastes';
import type { EditorFile } from '../lib/editor-files';

const utf8 = new TextEncoder();

/** One file of the form: its name, its language (by default its name's), Remove, and its text. */
export function FileEditorItem({
  file,
  index,
  disabled,
  removable,
  nameError,
  onChange,
  onRemove,
}: {
  file: EditorFile;
  index: number;
  disabled: boolean;
  removable: boolean;
  nameError?: string;
  onChange: (patch: Partial<Omit<EditorFile, 'key'>>) => void;
  onRemove: () => void;
}) {
  const id = `file-${file.key}`;
  const byName = languageOfFileName(file.name.trim());
  const label = `File ${index + 1}`;
  return (
    <fieldset className="space-y-2 rounded-lg border border-border p-3" data-testid="editor-file">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <Input
            id={`${id}-name`}
            name="file-name"
            aria-label={`${label} name`}
            placeholder="File name, e.g. app.py"
            maxLength={FILE_NAME_MAX_LENGTH + 20}
            value={file.name}
            disabled={disabled}
            className="font-mono"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(e) => onChange({ name: e.target.value })}
          />
          {nameError ? (
            <p id={`${id}-name-error`} role="alert" className="mt-1 text-xs text-destructive">
              {nameError}
            </p>
          ) : null}
        </div>
        <div className="w-44">
          <NativeSelect
            aria-label={`${label} language`}
            value={file.language ?? 'auto'}
            disabled={disabled}
            onChange={(e) =>
              onChange({ language: e.target.value === 'auto' ? null : (e.target.value as PasteLanguage) })
            }
          >
            <LanguageOptions autoLabel={byName ? `Auto (${byName})` : 'Auto-detect'} />
          </NativeSelect>
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${file.name.trim() || label.toLowerCase()}`}
          disabled={disabled || !removable}
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
          Remove
        </Button>
      </div>
      <Textarea
        aria-label={`${label} content`}
        placeholder="Paste or type this file's text..."
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        className="min-h-[10rem] resize-y font-mono text-[13px] leading-relaxed"
        value={file.content}
        disabled={disabled}
        onChange={(e) => onChange({ content: e.target.value })}
      />
      <p className="text-xs text-muted-foreground tabular-nums">
        {formatSize(utf8.encode(file.content).length)}
      </p>
    </fieldset>
  );
}
