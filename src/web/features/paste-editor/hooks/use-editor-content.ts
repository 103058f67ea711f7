import { type ClipboardEvent, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { CLIPBOARD_LIMIT_BYTES } from '../../../../common/constants';
import { toast } from '../../../components/ui/toast-store';
import { estimateBytes, measureEditorContent, megabytes } from '../../pastes';

/** Spec §9 large-content toast durations. */
const DETECTED_TOAST_MS = 8_000;
const BLOCKED_TOAST_MS = 10_000;

export function blockedToast(bytes: number) {
  toast({
    title: 'Large content blocked',
    description: `The clipboard holds ${megabytes(bytes)} MB. Content over 20 MB cannot be pasted; please use the Upload File button.`,
    variant: 'destructive',
    duration: BLOCKED_TOAST_MS,
  });
}

/**
 * The editor's text and its size (measured on a deferred copy so typing stays fast), with the
 * clipboard rules of spec §5: pasting over 20 MB is blocked, and content that grows over 20 MB
 * gets one 'Large content detected' toast until it drops back to 20 MB or less.
 */
export function useEditorContent(initial = '') {
  const [content, setContentState] = useState(initial);
  const deferred = useDeferredValue(content);
  const size = useMemo(() => measureEditorContent(deferred), [deferred]);
  const warnedLarge = useRef(false);

  /** Typed or pasted text: watched for the 20 MB warning. */
  const setTypedContent = useCallback((next: string) => {
    const bytes = estimateBytes(next);
    if (bytes > CLIPBOARD_LIMIT_BYTES && !warnedLarge.current) {
      warnedLarge.current = true;
      toast({
        title: 'Large content detected',
        description: `The editor holds ${megabytes(bytes)} MB. For content over 20 MB please use the Upload File button.`,
        variant: 'destructive',
        duration: DETECTED_TOAST_MS,
      });
    } else if (bytes <= CLIPBOARD_LIMIT_BYTES) {
      warnedLarge.current = false;
    }
    setContentState(next);
  }, []);

  /** Text read from a file the user chose with Upload File: no clipboard warning applies. */
  const setFileContent = useCallback((next: string) => {
    warnedLarge.current = estimateBytes(next) > CLIPBOARD_LIMIT_BYTES;
    setContentState(next);
  }, []);

  const clear = useCallback(() => {
    warnedLarge.current = false;
    setContentState('');
  }, []);

  /** onPaste of the text area: a paste over 20 MB never reaches the editor. */
  const onEditorPaste = useCallback((event: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData('text/plain');
    const bytes = estimateBytes(text);
    if (bytes > CLIPBOARD_LIMIT_BYTES) {
      event.preventDefault();
      blockedToast(bytes);
    }
  }, []);

  return { content, size, setTypedContent, setFileContent, clear, onEditorPaste };
}
