import { type ClipboardEvent, type KeyboardEvent, type RefObject, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Textarea } from '../../../components/ui/input';
import { formatCount } from '../../../lib/format';
import { type EditorSize, isExtremeText, megabytes, sizeWarning } from '../../pastes';

export const EXTREME_PLACEHOLDER = 'Content too large - please use Upload File button';

interface PasteEditorProps {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  content: string;
  size: EditorSize;
  disabled: boolean;
  onChange: (value: string) => void;
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  /** Why the content is refused (shown under the editor). */
  error?: string;
  /** What Ctrl+Enter does, for the keyboard hint. */
  submitHint?: string;
}

/**
 * The text area with its status line and the size warning of spec §8. In the extreme level the
 * content stays in memory but is not put into the text area, which is disabled (spec §2).
 */
export function PasteEditor({
  textareaRef,
  content,
  size,
  disabled,
  onChange,
  onPaste,
  error,
  submitHint = 'creates the paste',
}: PasteEditorProps) {
  // From the content itself, not from `size` (measured on a deferred copy): a file just loaded
  // would otherwise go whole into the text area for a render, seconds of work for 10 MB.
  const extreme = isExtremeText(content);
  const warning = sizeWarning(size);
  // Tab indents, as in a code editor; after Esc, Tab moves on (a keyboard user is never trapped).
  const escaped = useRef(false);
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      escaped.current = true;
      return;
    }
    const plainTab =
      event.key === 'Tab' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (plainTab && !escaped.current) {
      event.preventDefault();
      const area = event.currentTarget;
      const { selectionStart: start, selectionEnd: end } = area;
      onChange(`${content.slice(0, start)}\t${content.slice(end)}`);
      requestAnimationFrame(() => area.setSelectionRange(start + 1, start + 1));
    }
    escaped.current = false;
  }
  return (
    <div className="space-y-2">
      <Textarea
        ref={textareaRef}
        aria-label="Paste content"
        placeholder="Paste or type your text or code here..."
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        className="min-h-[24rem] resize-y font-mono text-[13px] leading-relaxed"
        value={extreme ? EXTREME_PLACEHOLDER : content}
        disabled={extreme || disabled}
        onChange={(event) => onChange(event.target.value)}
        onPaste={onPaste}
        onKeyDown={onKeyDown}
        name="content"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'editor-error editor-keys' : 'editor-keys'}
      />
      {error ? (
        <p id="editor-error" role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      <p id="editor-keys" className="text-xs text-muted-foreground">
        Tab indents; press Esc, then Tab, to move on. Ctrl+Enter (⌘+Enter) {submitHint}.
      </p>
      <p className="flex flex-wrap gap-x-4 text-xs text-muted-foreground tabular-nums" aria-live="polite">
        <span>{size.lines === null ? 'Lines: not counted' : `Lines: ${formatCount(size.lines)}`}</span>
        <span>Size: {megabytes(size.utf8Bytes)} MB</span>
      </p>
      {warning ? (
        <Alert
          variant={size.level === 'large' ? 'info' : 'warning'}
          title={warning}
          data-testid="size-warning"
          data-level={size.level}
        >
          {size.level === 'extreme'
            ? 'The text is too large to edit here. Click "Create Paste" to save it, or Clear to start over.'
            : null}
        </Alert>
      ) : null}
    </div>
  );
}
