import { type RefObject, useEffect, useRef } from 'react';

/**
 * The create screen's page-wide behaviour: the editor focused on arrival, Ctrl+Enter (⌘+Enter on a
 * Mac) creating from anywhere, and the browser asking before a tab with unsaved text is closed.
 */
export function useWhileEditing({
  textareaRef,
  onCreateKey,
  unsaved,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  onCreateKey: () => void;
  /** Text or a large file not yet sent, or an upload under way. */
  unsaved: boolean;
}) {
  useEffect(() => {
    // The editor is where a visitor starts; not on touch screens, where focus opens the keyboard.
    if (window.matchMedia('(pointer: fine)').matches) textareaRef.current?.focus();
  }, [textareaRef]);

  // A ref, so the listener always calls this render's create.
  const createRef = useRef(onCreateKey);
  createRef.current = onCreateKey;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      createRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!unsaved) return;
    // Closing the tab would lose the draft (sessionStorage goes with it), leaving mid-upload the
    // upload: the browser asks first.
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
