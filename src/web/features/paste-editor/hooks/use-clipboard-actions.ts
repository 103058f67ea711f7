import type { RefObject } from 'react';
import { CLIPBOARD_LIMIT_BYTES } from '../../../../common/constants';
import { toast } from '../../../components/ui/toast-store';
import { estimateBytes } from '../../pastes';
import { destructiveToast } from './use-create-paste';
import { blockedToast } from './use-editor-content';

/** The toolbar's Copy and Paste: the editor's text to the clipboard, the clipboard's at the caret. */
export function useClipboardActions(
  content: string,
  setContent: (text: string) => void,
  textareaRef: RefObject<HTMLTextAreaElement | null>,
) {
  async function copy() {
    if (!content) return destructiveToast('Nothing to copy', 'The editor is empty');
    try {
      await navigator.clipboard.writeText(content);
      toast({ title: 'Copied', description: 'The editor content is on your clipboard.', variant: 'success' });
    } catch {
      destructiveToast('Failed to copy', 'Could not copy to clipboard');
    }
  }

  async function paste() {
    let text: string;
    try {
      text = await navigator.clipboard.readText();
    } catch {
      return destructiveToast('Failed to paste', 'Could not read from clipboard');
    }
    if (estimateBytes(text) > CLIPBOARD_LIMIT_BYTES) return blockedToast(estimateBytes(text));
    const area = textareaRef.current;
    const inEditor = area && !area.disabled;
    const start = inEditor ? area.selectionStart : content.length;
    const end = inEditor ? area.selectionEnd : content.length;
    setContent(content.slice(0, start) + text + content.slice(end));
  }

  return { copy, paste };
}
