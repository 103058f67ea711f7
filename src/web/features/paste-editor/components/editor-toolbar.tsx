import { ClipboardPaste, Copy, Eraser, FileUp, Send } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { UPLOAD_EXTENSIONS } from '../hooks/use-file-reader';

interface EditorToolbarProps {
  onClear: () => void;
  onCopy: () => void;
  onPaste: () => void;
  onFile: (file: File) => void;
  onCreate: () => void;
  creating: boolean;
  reading: boolean;
}

/** Spec §2: Clear, Copy, Paste, Upload File, Create Paste ('Creating...' and disabled while saving). */
export function EditorToolbar({
  onClear,
  onCopy,
  onPaste,
  onFile,
  onCreate,
  creating,
  reading,
}: EditorToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Editor">
      {/* First for the keyboard (right after the options), last on screen. */}
      <Button
        type="button"
        size="sm"
        className="order-last ml-auto"
        onClick={onCreate}
        disabled={creating || reading}
      >
        <Send aria-hidden />
        {creating ? 'Creating...' : 'Create Paste'}
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={onClear} disabled={creating}>
        <Eraser aria-hidden />
        Clear
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={onCopy}>
        <Copy aria-hidden />
        Copy
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={onPaste} disabled={creating}>
        <ClipboardPaste aria-hidden />
        Paste
      </Button>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => fileInput.current?.click()}
        disabled={creating || reading}
      >
        <FileUp aria-hidden />
        Upload File
      </Button>
      <input
        ref={fileInput}
        type="file"
        className="hidden"
        accept={UPLOAD_EXTENSIONS.join(',')}
        aria-label="File to upload"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
